// Every kind of audit entry, in the order the dashboard's filter lists them.
export const AUDIT_ACTIONS = [
  'workspace.updated',
  'workspace.ownership_transferred',
  'member.invited',
  'invitation.revoked',
  'invitation.accepted',
  'member.provisioned',
  'member.updated',
  'member.deprovisioned',
  'member.role_changed',
  'member.removed',
  'member.left',
  'sso.connection.created',
  'sso.connection.updated',
  'sso.connection.deleted',
  'sso.connection.tested',
  'sso.connection.enabled',
  'sso.connection.disabled',
  'sso.domain.verified',
  'sso.signed_in',
  'directory_sync.token_created',
  'directory_sync.token_rotated',
  'directory_sync.token_revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  'workspace.updated': 'Workspace settings changed',
  'workspace.ownership_transferred': 'Ownership transferred',
  'member.invited': 'Member invited',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'member.provisioned': 'Member provisioned',
  'member.updated': 'Member updated via SCIM',
  'member.deprovisioned': 'Member deprovisioned',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'sso.connection.created': 'SSO connection created',
  'sso.connection.updated': 'SSO connection updated',
  'sso.connection.deleted': 'SSO connection deleted',
  'sso.connection.tested': 'SSO connection tested',
  'sso.connection.enabled': 'SSO connection enabled',
  'sso.connection.disabled': 'SSO connection disabled',
  'sso.domain.verified': 'SSO domain verified',
  'sso.signed_in': 'Signed in via SSO',
  'directory_sync.token_created': 'SCIM token created',
  'directory_sync.token_rotated': 'SCIM token rotated',
  'directory_sync.token_revoked': 'SCIM token revoked',
};

export function isAuditAction(v: unknown): v is AuditAction {
  return typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v);
}
