// A drizzle transaction as a Queryable, for the few raw statements (lib/links/delete-click-rollups.ts)
// that must run inside a transaction drizzle opened: $n placeholders become drizzle parameters.
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from './types';

export function txQueryable(tx: Tx): Queryable {
  return {
    async query<R>(text: string, params: unknown[] = []): Promise<R[]> {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
      const result = (await tx.execute(sql.join(chunks))) as unknown as R[] | { rows: R[] };
      return Array.isArray(result) ? result : result.rows;
    },
  };
}
