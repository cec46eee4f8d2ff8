// Changes a workspace's privacy choices (admins; checked by the route's permission), with an audit
// entry naming what changed. A retention must be shorter than the plan's (docs/guide/privacy.md).
import { eq, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { RETENTION_DAYS } from '../analytics/apply-retention';
import type { PrivacyDefaults } from '../analytics/privacy-mode';
import { byActor, recordAudit } from '../audit/record-audit';
import { AppError, invalidField } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { PRIVACY_COLUMNS, serializePrivacy } from './get-workspace-privacy';
import type { TUpdatePrivacy, TWorkspacePrivacy } from './privacy-schema';

/** Body field → column. */
const FIELDS = {
  ip: 'privacyIp',
  user_agent: 'privacyUserAgent',
  referrer: 'privacyReferrer',
  honor_opt_out: 'privacyHonorOptOut',
  excluded_ranges: 'privacyExcludedRanges',
  click_retention_days: 'clickRetentionDays',
} as const;

export async function updateWorkspacePrivacy(db: Db, actor: Actor, changes: TUpdatePrivacy, defaults: PrivacyDefaults): Promise<TWorkspacePrivacy> {
  const fields = (Object.keys(FIELDS) as Array<keyof typeof FIELDS>).filter((f) => changes[f] !== undefined);
  if (fields.length === 0) throw new AppError('invalid_request', `Send at least one field to change: ${Object.keys(FIELDS).join(', ')}.`);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(PRIVACY_COLUMNS).from(workspaces).where(eq(workspaces.id, actor.workspaceId)).for('update');
    if (!before) throw new AppError('not_found', 'This workspace no longer exists.');
    const days = changes.click_retention_days;
    const planDays = RETENTION_DAYS[before.plan];
    if (typeof days === 'number' && planDays !== null && days >= planDays) {
      throw invalidField('click_retention_days', `click_retention_days must be shorter than your plan’s ${planDays} days (or null for the plan’s).`);
    }
    const set = Object.fromEntries(fields.map((f) => [FIELDS[f], changes[f]]));
    const [after] = await tx
      .update(workspaces)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(workspaces.id, actor.workspaceId))
      .returning({ ...PRIVACY_COLUMNS, name: workspaces.name });
    const shown = (v: unknown) => (v === null ? 'default' : Array.isArray(v) ? v.join(', ') || 'none' : String(v));
    const changed = Object.fromEntries(
      fields
        .filter((f) => shown(before[FIELDS[f]]) !== shown(after[FIELDS[f]]))
        .map((f) => [`privacy ${f}`, { from: shown(before[FIELDS[f]]), to: shown(after[FIELDS[f]]) }]),
    );
    if (Object.keys(changed).length > 0) {
      await recordAudit(tx, {
        ...byActor(actor),
        action: 'workspace.updated',
        target: { type: 'workspace', id: actor.workspaceId, label: after.name },
        details: changed,
      });
    }
    return serializePrivacy(after, defaults);
  });
}
