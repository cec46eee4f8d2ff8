// Ends the A/B tests that are due (their ends_at passed, or their clicks since the start reached
// end_after_clicks): the winner (most clicks, or most conversions, by winner_by; a tie goes to the
// variant listed first) becomes the link's url, the test is stored as ended with its winner, and
// link.updated says so, in one transaction per link, claimed with FOR UPDATE SKIP LOCKED so two
// workers never end one test twice. Run by the links.expire job, every minute.
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { clicks, linkConversions, links } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import type { AppContext } from '../context/app-context';
import { processClock, type Clock } from '../core/clock';
import { recordEvent } from '../events/record-event';
import { linkEvent } from './link-event';
import { storedAbTest, type StoredAbTest } from '../link-rules/ab-test-schema';

const DUE = sql`${links.abTest} IS NOT NULL AND ${links.abTest}->>'ended_at' IS NULL`;

export async function endDueTests(ctx: AppContext, opts: { clock?: Clock } = {}): Promise<number> {
  const now = (opts.clock ?? processClock()).now();
  const due = await ctx.handle.query<{ id: number }>(
    `SELECT id FROM links WHERE ab_test IS NOT NULL AND ab_test->>'ended_at' IS NULL AND (
       (ab_test->>'ends_at')::timestamptz <= $1
       OR clicks - (ab_test->>'clicks_at_start')::bigint >= (ab_test->>'end_after_clicks')::bigint)`,
    [now],
  );
  let ended = 0;
  for (const { id } of due) if (await endTest(ctx, Number(id), now)) ended++;
  return ended;
}

/** Ends one link's test if it is still running; false when another worker did first. */
async function endTest(ctx: AppContext, linkId: number, now: Date): Promise<boolean> {
  const row = await ctx.handle.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(links)
      .where(and(eq(links.id, linkId), DUE))
      .for('update', { skipLocked: true });
    if (!link) return undefined;
    const test = storedAbTest(link.abTest)!;
    const winner = await pickWinner(tx, linkId, test);
    const [updated] = await tx
      .update(links)
      .set({
        longUrl: winner.url,
        abTest: { ...test, ended_at: now.toISOString(), winner: winner.id },
        updatedAt: sql`now()`,
      })
      .where(eq(links.id, linkId))
      .returning();
    await recordEvent(tx, linkEvent('link.updated', updated, ctx.domains, { ab_test_ended: { winner: winner.id, by: test.winner_by } }));
    await invalidationBus().publishIn(tx, linkKey(updated.domainId, updated.shortCode));
    return updated;
  });
  if (!row) return false;
  invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return true;
}

type Tx = Parameters<Parameters<AppContext['handle']['db']['transaction']>[0]>[0];

/** The variant with the most clicks since the start (people's), or the most conversions; ties to the first listed. */
async function pickWinner(tx: Tx, linkId: number, test: StoredAbTest): Promise<StoredAbTest['variants'][number]> {
  const rows: Array<{ id: string | null; n: number | string }> =
    test.winner_by === 'conversions'
      ? await tx.select({ id: linkConversions.variantId, n: linkConversions.conversions }).from(linkConversions).where(eq(linkConversions.linkId, linkId))
      : await tx
          .select({ id: clicks.variantId, n: sql<string>`count(*)` })
          .from(clicks)
          .where(and(eq(clicks.linkId, linkId), isNotNull(clicks.variantId), eq(clicks.bot, false), gte(clicks.clickedAt, new Date(test.started_at))))
          .groupBy(clicks.variantId);
  const score = (id: string) => Number(rows.find((r) => r.id === id)?.n ?? 0);
  return test.variants.reduce((best, v) => (score(v.id) > score(best.id) ? v : best), test.variants[0]);
}
