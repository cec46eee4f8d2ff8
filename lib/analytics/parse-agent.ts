// User agent → device class, browser, OS and bot flag. A parse costs tens of µs and real traffic has
// few distinct agents, so results are memoized by the agent string (docs/architecture/click-path.md).
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import { isBotAgent } from './bot-agent';

export interface Agent {
  /** desktop | mobile | tablet | console | smarttv | wearable | embedded */
  device: string;
  browser: string | null;
  os: string | null;
  bot: boolean;
}

const memo = new LRUCache<string, Agent>({ max: 20_000 });

export function parseAgent(ua: string | undefined): Agent {
  const key = ua ?? '';
  let agent = memo.get(key);
  if (agent === undefined) {
    const r = new UAParser(key).getResult();
    agent = { device: r.device.type ?? 'desktop', browser: r.browser.name ?? null, os: r.os.name ?? null, bot: isBotAgent(key) };
    memo.set(key, agent);
  }
  return agent;
}
