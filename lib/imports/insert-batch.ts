// Inserts a batch of validated import rows in one statement (per code attempt): the links, their
// link.created events (the outbox, as insert-link.ts writes them) and the keys that make a second
// upload of the same rows a no-op. A code already taken on the domain is skipped by ON CONFLICT; a
// random code that collided is retried with a new one, an alias that is taken is reported.
import type { LinkRow } from '../../db/schema';
import type { DbHandle } from '../db/types';
import type { Domain, DomainRegistry } from '../domains/domain-registry';
import { linkEvent } from '../links/link-event';
import { newEventId } from '../events/record-event';
import { generateCode } from '../links/generate-code';
import type { ValidRow } from './validate-row';

const CODE_ATTEMPTS = 8;

export interface BatchOwner {
  workspaceId: string;
  createdBy: string | null;
  importId: string;
  domain: Domain;
}

/** Index in `rows` → the created link's id and code; rows missing had their alias taken. */
export async function insertBatch(
  handle: DbHandle,
  domains: DomainRegistry,
  owner: BatchOwner,
  rows: ValidRow[],
  generate = generateCode,
): Promise<Map<number, { id: number; code: string }>> {
  const created = new Map<number, { id: number; code: string }>();
  let pending = rows.map((row, i) => ({ i, row }));
  for (let attempt = 0; attempt < CODE_ATTEMPTS && pending.length > 0; attempt++) {
    const used = new Set(pending.filter((p) => p.row.alias).map((p) => p.row.alias!.toLowerCase()));
    const now = new Date();
    const input = pending.map(({ i, row }) => {
      let code = row.alias;
      while (!code) {
        const c = generate();
        if (!used.has(c.toLowerCase())) code = c;
      }
      used.add(code.toLowerCase());
      const draft: LinkRow = {
        id: 0,
        workspaceId: owner.workspaceId,
        createdBy: owner.createdBy,
        domainId: owner.domain.id,
        shortCode: code,
        folderId: null,
        longUrl: row.longUrl,
        expiresAt: row.expiresAt,
        passwordHash: row.passwordHash,
        maxClicks: null,
        status: row.status,
        disabledReason: null,
        safetyReason: row.safetyReason,
        redirectStatus: 302,
        clicks: 0,
        botClicks: 0,
        countBots: false,
        forwardQuery: true,
        publicStats: false,
        publicStatsPasswordHash: null,
        rules: [],
        iosUrl: null,
        iosFallbackUrl: null,
        androidUrl: null,
        androidFallbackUrl: null,
        abTest: null,
        startsAt: null,
        expiredUrl: null,
        tags: row.tags,
        archivedAt: null,
        note: null,
        createdAt: now,
        updatedAt: now,
      };
      return {
        i,
        code,
        long_url: row.longUrl,
        expires_at: row.expiresAt?.toISOString() ?? null,
        password_hash: row.passwordHash,
        tags: row.tags,
        status: row.status,
        safety_reason: row.safetyReason,
        row_key: row.key,
        event_id: newEventId(),
        data: linkEvent('link.created', draft, domains).data,
      };
    });
    const inserted = await handle.query<{ i: number; id: string | number; short_code: string }>(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(i int, code text, long_url text, expires_at timestamptz, password_hash text,
           tags text[], status text, safety_reason text, row_key text, event_id text, data jsonb)
       ), inserted AS (
         INSERT INTO links (workspace_id, created_by, domain_id, short_code, long_url, expires_at, password_hash, status, safety_reason, tags, created_at, updated_at)
         SELECT $2, $3, $4, code, long_url, expires_at, password_hash, status, safety_reason, coalesce(tags, '{}'), $5, $5 FROM input
         -- A code another link still holds from a rename (link_aliases) counts as taken.
         WHERE NOT EXISTS (SELECT 1 FROM link_aliases a WHERE a.domain_id = $4 AND lower(a.code) = lower(input.code))
         ORDER BY i
         ON CONFLICT DO NOTHING
         RETURNING id, short_code
       ), matched AS (
         SELECT inserted.id, inserted.short_code, input.i, input.row_key, input.event_id, input.data
         FROM inserted JOIN input ON lower(input.code) = lower(inserted.short_code)
       ), event AS (
         INSERT INTO events (id, type, occurred_at, workspace_id, link_id, data)
         SELECT event_id, 'link.created', $5, $2, id, data || jsonb_build_object('id', id) FROM matched
       ), keys AS (
         INSERT INTO imported_links (workspace_id, row_key, link_id, import_id)
         SELECT $2, row_key, id, $6 FROM matched ON CONFLICT DO NOTHING
       )
       SELECT i, id, short_code FROM matched`,
      [JSON.stringify(input), owner.workspaceId, owner.createdBy, owner.domain.id, now.toISOString(), owner.importId],
    );
    for (const r of inserted) created.set(r.i, { id: Number(r.id), code: r.short_code });
    // Aliases are tried once; random codes that collided go round again with new ones.
    pending = pending.filter((p) => !created.has(p.i) && !p.row.alias);
  }
  if (pending.length > 0) throw new Error(`no free random code after ${CODE_ATTEMPTS} attempts`);
  return created;
}
