// Whether a visit's user agent is a bot's (isbot: crawlers, link unfurlers, curl and other HTTP
// libraries). One definition for the click writer, which stores such visits flagged and never counts
// them (parse-agent.ts), and the edge, which must not count them towards a link's click limit either:
// an edge that did answered 410 where the database still said 0 clicks, and redirected again after a
// restart (docs/guide/features.md, "Click limits").
import { isbot } from 'isbot';
import { boundedMemo } from '../core/bounded-memo';

/** Remembered for the last 512 agents: the check costs microseconds, a visit's agent repeats. */
const botByAgent = boundedMemo((userAgent) => isbot(userAgent), 512);

/** An empty or missing agent is not taken for a bot (as analytics has always counted it). */
export function isBotAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== '' && botByAgent(userAgent);
}
