// The admin console's calls to /api/v1/admin/* and the shapes they answer (lib/admin/*).
import type { AdminActionJson } from '@/lib/admin/record-admin-action';
import type { ReviewItemJson } from '@/lib/admin/find-review-queue';
import type { AdminUserJson } from '@/lib/admin/find-users';
import { apiJson } from './api-client';

export type { AdminActionJson, AdminUserJson, ReviewItemJson };

export const ACTION_LABELS: Record<string, string> = {
  approve_link: 'Approved link',
  disable_link: 'Disabled link',
  dismiss_report: 'Dismissed report',
  ban_user: 'Banned account',
  unban_user: 'Unbanned account',
  set_plan: 'Changed plan',
  update_settings: 'Changed settings',
  reset_password: 'Started a password reset',
};

export const REPORT_REASONS: Record<string, string> = {
  phishing: 'Phishing',
  malware: 'Malware',
  spam: 'Spam',
  other: 'Other',
  repeated_unsafe: 'Repeated unsafe URLs',
  scan: 'Deep scan',
};

const post = (path: string, body: object) => apiJson(path, { method: 'POST', body });
const withNote = (note: string) => (note.trim() ? { note: note.trim() } : {});

export const adminApi = {
  approve: (linkId: number, note: string) => post(`/api/v1/admin/links/${linkId}/approve`, withNote(note)),
  disable: (linkId: number, reason: string, note: string) => post(`/api/v1/admin/links/${linkId}/disable`, { reason, ...withNote(note) }),
  dismiss: (reportId: number, note: string) => post(`/api/v1/admin/reports/${reportId}/dismiss`, withNote(note)),
  ban: (userId: string, reason: string, note: string) => post(`/api/v1/admin/users/${userId}/ban`, { reason, ...withNote(note) }),
  unban: (userId: string, note: string) => post(`/api/v1/admin/users/${userId}/unban`, withNote(note)),
  resetPassword: (userId: string, note: string) =>
    post(`/api/v1/admin/users/${userId}/password-reset`, withNote(note)) as Promise<{ mailed: boolean; link?: string; expires_at?: string }>,
  setPlan: (workspaceId: string, plan: string, note: string) =>
    apiJson(`/api/v1/admin/workspaces/${workspaceId}/plan`, { method: 'PUT', body: { plan, ...withNote(note) } }),
  saveSettings: (body: object) => apiJson('/api/v1/admin/settings', { method: 'PATCH', body }),
};
