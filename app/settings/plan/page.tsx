import { requireActor } from '@/app/_lib/require-actor';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { can, currentAppContext, database, findLinks, getStats, linkScope, planLimits, RETENTION_DAYS } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Plan & usage — Sling' };

const PLAN_NAMES = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' } as const;
const n = (value: number) => new Intl.NumberFormat('en-US').format(value);

function retention(days: number | null): string {
  if (days === null) return 'Forever';
  return days % 365 === 0 ? (days === 365 ? '1 year' : `${days / 365} years`) : `${days} days`;
}

// Settings → Plan & usage: what the workspace's plan allows, and how much of it is used.
export default async function PlanPage() {
  const { actor } = await requireActor('/settings/plan');
  const { workspace } = actor;
  const db = (await database()).db;
  const ctx = await currentAppContext();
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [links, month, day] = await Promise.all([
    findLinks(db, { scope: linkScope(actor, 'read'), limit: 1, offset: 0 }),
    getStats(ctx.handle, { workspaceId: workspace.id }, { interval: 'day', from: monthStart, to: now, tz: 'UTC' }),
    getStats(ctx.handle, { workspaceId: workspace.id }, { interval: 'hour', from: new Date(now.getTime() - 24 * 3600_000), to: now, tz: 'UTC' }),
  ]);
  const limits = planLimits(workspace);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(now);
  return (
    <SettingsShell current="plan" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="plan" title="Plan & usage" level={1}>
        <p>
          {workspace.name} is on the <strong data-testid="plan-name">{PLAN_NAMES[workspace.plan]}</strong> plan.
        </p>
        <dl className="usage-grid">
          <div>
            <dt>API requests</dt>
            <dd data-testid="limit-hour">{n(limits.perHour)} an hour</dd>
            <dd className="hint">and at most {n(limits.perMinute)} in any one minute, for each API token</dd>
          </div>
          <div>
            <dt>Click history kept for</dt>
            <dd data-testid="retention">{retention(RETENTION_DAYS[workspace.plan])}</dd>
            <dd className="hint">older clicks leave the charts; click totals stay</dd>
          </div>
          <div>
            <dt>Short links</dt>
            <dd>No limit</dd>
            <dd className="hint">on every plan</dd>
          </div>
        </dl>
        <p className="muted">The plan is set by whoever runs this Sling server, in the admin console (Admin → Users).</p>
      </SettingsSection>
      <SettingsSection id="usage" title="Usage">
        <dl className="usage-grid">
          <div>
            <dt>Links</dt>
            <dd data-testid="usage-links">{n(links.total)}</dd>
            <dd className="hint">in this workspace</dd>
          </div>
          <div>
            <dt>Clicks in {monthName}</dt>
            <dd data-testid="usage-month">{n(month.clicks)}</dd>
            <dd className="hint">since the 1st (UTC)</dd>
          </div>
          <div>
            <dt>Clicks in the last 24 hours</dt>
            <dd data-testid="usage-day">{n(day.clicks)}</dd>
            <dd className="hint">on all links</dd>
          </div>
        </dl>
      </SettingsSection>
    </SettingsShell>
  );
}
