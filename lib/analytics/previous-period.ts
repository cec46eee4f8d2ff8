// The period before a statistics range, for "+25% on the previous 30 days": as long as the range
// and ending just before the hour the range starts in (statistics count whole hours, so the two never
// share one). Asked for with ?compare=previous.
import type { Queryable } from '../db/types';
import { getTotals, type StatsScope } from './get-stats';
import type { StatsRange } from './stats-range';

const HOUR = 3_600_000;

export interface PreviousPeriod {
  from: string;
  to: string;
  clicks: number;
  unique_visitors: number;
}

export function previousRange(range: Pick<StatsRange, 'from' | 'to'>): { from: Date; to: Date } {
  const to = new Date(Math.floor(range.from.getTime() / HOUR) * HOUR - 1);
  return { from: new Date(to.getTime() - (range.to.getTime() - range.from.getTime())), to };
}

export async function getPreviousPeriod(db: Queryable, scope: StatsScope, range: Pick<StatsRange, 'from' | 'to'>): Promise<PreviousPeriod> {
  const previous = previousRange(range);
  return { from: previous.from.toISOString(), to: previous.to.toISOString(), ...(await getTotals(db, scope, previous)) };
}
