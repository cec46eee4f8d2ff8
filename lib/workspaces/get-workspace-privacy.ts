// A workspace's privacy choices as the API shows them: its own (null follows the default), the
// defaults (the operator's, and the plan's retention) and what applies (docs/guide/privacy.md).
import { eq } from 'drizzle-orm';
import { workspaces, type WorkspaceRow } from '../../db/schema';
import type { Db } from '../db/types';
import { RETENTION_DAYS } from '../analytics/apply-retention';
import type { PrivacyDefaults } from '../analytics/privacy-mode';
import { AppError } from '../core/errors';
import type { TWorkspacePrivacy } from './privacy-schema';

type PrivacyRow = Pick<
  WorkspaceRow,
  'plan' | 'privacyIp' | 'privacyUserAgent' | 'privacyReferrer' | 'privacyHonorOptOut' | 'privacyExcludedRanges' | 'clickRetentionDays'
>;

export const PRIVACY_COLUMNS = {
  plan: workspaces.plan,
  privacyIp: workspaces.privacyIp,
  privacyUserAgent: workspaces.privacyUserAgent,
  privacyReferrer: workspaces.privacyReferrer,
  privacyHonorOptOut: workspaces.privacyHonorOptOut,
  privacyExcludedRanges: workspaces.privacyExcludedRanges,
  clickRetentionDays: workspaces.clickRetentionDays,
};

export function serializePrivacy(row: PrivacyRow, defaults: PrivacyDefaults): TWorkspacePrivacy {
  const planDays = RETENTION_DAYS[row.plan];
  const settings = {
    ip: row.privacyIp,
    user_agent: row.privacyUserAgent,
    referrer: row.privacyReferrer,
    honor_opt_out: row.privacyHonorOptOut,
    excluded_ranges: row.privacyExcludedRanges,
    click_retention_days: row.clickRetentionDays,
  };
  const base = { ip: defaults.ip, user_agent: defaults.userAgent, referrer: defaults.referrer, honor_opt_out: defaults.honorOptOut };
  return {
    settings,
    defaults: { ...base, click_retention_days: planDays },
    effective: {
      ip: settings.ip ?? base.ip,
      user_agent: settings.user_agent ?? base.user_agent,
      referrer: settings.referrer ?? base.referrer,
      honor_opt_out: settings.honor_opt_out ?? base.honor_opt_out,
      excluded_ranges: settings.excluded_ranges,
      click_retention_days: shorterRetention(planDays, settings.click_retention_days),
    },
  };
}

/** The shorter of two retentions in days, null being unlimited. */
export function shorterRetention(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

export async function getWorkspacePrivacy(db: Db, workspaceId: string, defaults: PrivacyDefaults): Promise<TWorkspacePrivacy> {
  const [row] = await db.select(PRIVACY_COLUMNS).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!row) throw new AppError('not_found', 'This workspace no longer exists.');
  return serializePrivacy(row, defaults);
}
