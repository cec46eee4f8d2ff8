import { requireAdmin } from '@/app/_lib/require-admin';
import { AdminAuditTrail } from '@/components/admin-audit-trail';
import { AdminShell } from '@/components/admin-shell';
import { ReviewQueue } from '@/components/review-queue';
import { SettingsSection } from '@/components/settings-shell';
import { currentAppContext, findAdminActions, findReviewQueue } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Review queue — Admin — Sling', robots: { index: false } };

// Admin → Review queue: held and reported links with their evidence; the audit trail below.
export default async function ReviewQueuePage() {
  await requireAdmin();
  const ctx = await currentAppContext();
  const [items, actions] = await Promise.all([findReviewQueue(ctx.handle.db, ctx), findAdminActions(ctx.handle.db)]);
  return (
    <AdminShell current="queue">
      <SettingsSection id="queue" title="Review queue" level={1}>
        <p className="muted">
          Links the scanner holds (pending review or blocked) and links with open reports. Approve a link to let it redirect again, disable it with a reason its
          owner will see, or ban the owner. Every action is recorded below.
        </p>
        <ReviewQueue items={items} />
      </SettingsSection>
      <SettingsSection id="audit" title="Audit trail">
        <AdminAuditTrail actions={actions} />
      </SettingsSection>
    </AdminShell>
  );
}
