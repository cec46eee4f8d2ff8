// Plan changes and instance settings from the console, each written to the audit trail.
import type { Plan } from '../../db/schema';
import type { Db } from '../db/types';
import { setWorkspacePlan } from '../workspaces/set-workspace-plan';
import { getInstanceSettings, saveInstanceSettings, type InstanceSettings } from '../instance/instance-settings';
import { recordAdminAction } from './record-admin-action';

export interface SettingsJson {
  signups: InstanceSettings['signups'];
  anonymous_shortening: boolean;
  anonymous_per_hour: number | null;
}

export const settingsJson = (s: InstanceSettings): SettingsJson => ({
  signups: s.signups,
  anonymous_shortening: s.anonymousShortening,
  anonymous_per_hour: s.anonymousPerHour,
});

export async function changePlan(db: Db, adminId: string, workspaceId: string, plan: Plan, note?: string) {
  const ws = await setWorkspacePlan(db, workspaceId, plan);
  await recordAdminAction(db, { adminId, action: 'set_plan', target: { type: 'workspace', id: ws.id, label: `${ws.name} → ${plan}` }, note });
  return { id: ws.id, name: ws.name, kind: ws.kind, plan: ws.plan };
}

export async function updateSettings(
  db: Db,
  adminId: string,
  change: { signups?: InstanceSettings['signups']; anonymous_shortening?: boolean; anonymous_per_hour?: number | null; note?: string },
): Promise<SettingsJson> {
  const before = await getInstanceSettings(db);
  const next: Partial<InstanceSettings> = {};
  if (change.signups !== undefined) next.signups = change.signups;
  if (change.anonymous_shortening !== undefined) next.anonymousShortening = change.anonymous_shortening;
  if (change.anonymous_per_hour !== undefined) next.anonymousPerHour = change.anonymous_per_hour;
  const saved = await saveInstanceSettings(db, next);
  const changed = Object.entries(settingsJson(saved)).filter(([k, v]) => (settingsJson(before) as unknown as Record<string, unknown>)[k] !== v);
  await recordAdminAction(db, {
    adminId,
    action: 'update_settings',
    target: { type: 'settings', id: 1, label: changed.map(([k, v]) => `${k} = ${v}`).join(', ') || 'no change' },
    note: change.note,
  });
  return settingsJson(saved);
}
