// The clicks table's monthly partitions as the catalog has them, oldest first (the default
// partition, which takes clicks no month holds, is not listed).
import type { Queryable } from '../db/types';

export interface ClickPartition {
  name: string;
  /** First instant held. */
  from: Date;
  /** First instant no longer held. */
  to: Date;
}

// PostgreSQL gives a partition's bounds only as text (FOR VALUES FROM ('…') TO ('…')); cast back in
// the same session, so the time zone they were printed in is the one they are read in.
const PARTITIONS = `
SELECT name, (bounds[1])::timestamptz AS "from", (bounds[2])::timestamptz AS "to"
FROM (
  SELECT c.relname AS name,
         regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') AS bounds
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'public.clicks'::regclass
) p
WHERE bounds IS NOT NULL
ORDER BY 2`;

export async function listClickPartitions(db: Queryable): Promise<ClickPartition[]> {
  const rows = await db.query<{ name: string; from: Date | string; to: Date | string }>(PARTITIONS);
  return rows.map((r) => ({ name: r.name, from: new Date(r.from), to: new Date(r.to) }));
}
