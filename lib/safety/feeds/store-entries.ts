// Appends feed entries to threat_entries in batches; entries already listed (by any feed) stay as
// they are. Returns how many were new.
import type { DbHandle } from '../../db/types';
import type { ThreatKind } from '../threat-list';

const BATCH = 5_000;

export async function storeEntries(handle: DbHandle, kind: ThreatKind, values: string[], source: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < values.length; i += BATCH) {
    const batch = [...new Set(values.slice(i, i + BATCH))];
    const rows = await handle.query<{ n: number }>(
      `WITH added AS (
         INSERT INTO threat_entries (kind, value, source)
         SELECT $1, v, $3 FROM unnest($2::text[]) AS v
         ON CONFLICT (kind, value) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [kind, batch, source],
    );
    added += Number(rows[0].n);
  }
  return added;
}
