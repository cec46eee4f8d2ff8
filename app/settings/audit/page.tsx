import { requireActor } from '@/app/_lib/require-actor';
import { AuditFilter } from '@/components/audit-filter';
import { AuditList } from '@/components/audit-list';
import { SettingsShell } from '@/components/settings-shell';
import { can, database, isAuditAction, listAudit, serializeEntry } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit log — Sling' };

type Query = Promise<{ action?: string; cursor?: string }>;

// Settings → Audit log: who changed what in the workspace (owners and admins), newest first.
export default async function AuditPage({ searchParams }: { searchParams: Query }) {
  const { actor } = await requireActor('/settings/audit');
  const query = await searchParams;
  const action = isAuditAction(query.action) ? query.action : undefined;
  const cursor = typeof query.cursor === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(query.cursor) ? query.cursor : undefined;
  const allowed = can(actor, 'audit.read');
  const page = allowed ? await listAudit((await database()).db, actor.workspaceId, { action, cursor, limit: 50 }) : null;
  const older = page?.nextCursor ? `/settings/audit?${new URLSearchParams({ ...(action && { action }), cursor: page.nextCursor })}` : null;
  return (
    <SettingsShell current="audit" showWebhooks={can(actor, 'webhooks.read')}>
      <section className="settings-section stack" aria-labelledby="audit-h">
        <h1 id="audit-h" className="section-title">
          Audit log
        </h1>
        {!page ? (
          <p data-testid="needs-admin">Only the owner and admins of {actor.workspace.name} can read its audit log.</p>
        ) : (
          <>
            <p className="muted">Changes to members, invitations, settings and single sign-on in {actor.workspace.name}, newest first.</p>
            <AuditFilter action={action ?? ''} exportHref={`/api/v1/workspace/audit/export${action ? `?action=${action}` : ''}`} />
            <AuditList entries={page.entries.map(serializeEntry)} filtered={action !== undefined} />
            {(older || cursor) && (
              <nav className="row audit-pages" aria-label="Audit log pages">
                {cursor && (
                  <a className="button secondary small" href={`/settings/audit${action ? `?action=${action}` : ''}`}>
                    Newest
                  </a>
                )}
                {older && (
                  <a className="button secondary small" href={older}>
                    Older entries
                  </a>
                )}
              </nav>
            )}
          </>
        )}
      </section>
    </SettingsShell>
  );
}
