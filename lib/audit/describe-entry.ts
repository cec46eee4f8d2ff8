// One entry as a sentence a person reads: "Ann changed Bob's role from member to admin".
import type { AuditEntryRow } from '../../db/schema';
import type { AuditAction } from './audit-actions';

type Entry = Pick<AuditEntryRow, 'actorLabel' | 'action' | 'targetLabel' | 'details'>;

const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

export function describeEntry(e: Entry): string {
  const who = e.actorLabel;
  const what = e.targetLabel ?? 'a deleted item';
  // biome-ignore lint/suspicious/noExplicitAny: each action stores its own details (lib/audit); the cases below read what theirs holds
  const d = e.details as Record<string, any>;
  switch (e.action as AuditAction) {
    case 'workspace.created':
      return `${who} created the workspace ${what}`;
    case 'workspace.updated': {
      const changes = Object.entries(d).filter(([, v]) => v && typeof v === 'object' && 'from' in v && 'to' in v);
      if (!changes.length) return `${who} changed the workspace settings`;
      return `${who} changed the workspace ${changes.map(([field, v]) => `${field} from “${v.from}” to “${v.to}”`).join(' and ')}`;
    }
    case 'workspace.ownership_transferred':
      return `${who} transferred ownership of the workspace to ${what}`;
    case 'member.invited':
      return `${who} ${d.resent ? 're-invited' : 'invited'} ${what} as ${d.role ?? 'member'}`;
    case 'invitation.revoked':
      return `${who} revoked the invitation of ${what}`;
    case 'invitation.accepted':
      return `${who} accepted the invitation and joined as ${d.role ?? 'member'}`;
    case 'member.provisioned':
      if (d.via === 'scim') return `${who} provisioned ${what} as ${d.role ?? 'member'} via directory sync`;
      return `${who} added ${what} as ${d.role ?? 'member'} on first SSO sign-in`;
    case 'member.updated':
      return `${who} updated ${what} via directory sync${Array.isArray(d.fields) && d.fields.length ? ` (${d.fields.join(', ')})` : ''}`;
    case 'member.deprovisioned':
      return `${who} ${d.deleted ? 'deleted' : 'deactivated'} ${what} via directory sync: removed from the workspace, sessions and API tokens ended`;
    case 'member.role_changed':
      return `${who} changed ${possessive(what)} role from ${d.from} to ${d.to}`;
    case 'member.removed':
      return `${who} removed ${what} from the workspace`;
    case 'member.left':
      return `${who} left the workspace`;
    case 'sso.connection.created':
      return `${who} created the SSO connection ${what}`;
    case 'sso.connection.updated':
      return `${who} updated the SSO connection ${what}${Array.isArray(d.fields) && d.fields.length ? ` (${d.fields.join(', ')})` : ''}`;
    case 'sso.connection.deleted':
      return `${who} deleted the SSO connection ${what}`;
    case 'sso.connection.tested':
      return `${who} tested the SSO connection ${what}: ${d.passed ? 'all checks passed' : 'some checks failed'}`;
    case 'sso.connection.enabled':
      return `${who} enabled the SSO connection ${what}`;
    case 'sso.connection.disabled':
      return `${who} disabled the SSO connection ${what}`;
    case 'sso.domain.verified':
      return `${who} verified the domain ${d.domain ?? ''} of ${what}`.replace('  ', ' ');
    case 'sso.signed_in':
      return `${who} signed in via ${what}`;
    case 'directory_sync.token_created':
      return `${who} created the directory sync token`;
    case 'token.created':
      return `${who} created the API token ${what}${Array.isArray(d.scopes) ? ` (${d.scopes.join(', ')})` : ''}`;
    case 'token.secret_replaced':
      return `${who} ${d.grace_hours ? `rotated the API token ${what} (the old secret works ${d.grace_hours} more hours)` : `regenerated the API token ${what}`}`;
    case 'token.revoked':
      return `${who} revoked the API token ${what}`;
    case 'webhook.created':
      return `${who} created a webhook to ${what}`;
    case 'webhook.updated':
      return `${who} changed the webhook to ${what}${Array.isArray(d.fields) && d.fields.length ? ` (${d.fields.join(', ')})` : ''}`;
    case 'webhook.secret_rotated':
      return `${who} rotated the signing secret of the webhook to ${what}`;
    case 'webhook.deleted':
      return `${who} deleted the webhook to ${what}`;
    case 'domain.added':
      return `${who} added the domain ${what}`;
    case 'domain.updated':
      return `${who} changed the domain ${what}${Array.isArray(d.fields) && d.fields.length ? ` (${d.fields.join(', ')})` : ''}`;
    case 'domain.verified':
      return `${who} verified the domain ${what}`;
    case 'domain.misconfigured':
      return `${who} found that the domain ${what} no longer points at Sling`;
    case 'domain.restored':
      return `${who} found that the domain ${what} points at Sling again`;
    case 'domain.claim_lost':
      return `${who} found that another workspace verified ${what} first: this workspace's claim on it ended`;
    case 'domain.deleted':
      return `${who} deleted the domain ${what}${typeof d.links === 'number' ? ` and its ${d.links === 1 ? 'link' : `${d.links} links`}` : ''}`;
    case 'link.deleted': {
      const n = typeof d.count === 'number' ? d.count : 1;
      if (n === 1) return `${who} deleted the link ${what}`;
      const codes: string[] = Array.isArray(d.codes) ? d.codes : [];
      return `${who} deleted ${n} links${codes.length ? ` (${codes.join(', ')}${n > codes.length ? ', …' : ''})` : ''}`;
    }
    case 'tag.renamed':
    case 'tag.merged':
    case 'tag.deleted':
      return tagSentence(who, e.action, d);
    case 'directory_sync.token_rotated':
      return `${who} rotated the directory sync token`;
    case 'directory_sync.token_revoked':
      return `${who} revoked the directory sync token`;
    default:
      return `${who}: ${e.action}`;
  }
}

/** A tag's rename, merge or delete (lib/tags/): the names and how many links were rewritten. */
function tagSentence(who: string, action: string, d: Record<string, unknown>): string {
  const name = (v: unknown) => (typeof v === 'string' ? `“${v}”` : 'a tag');
  const on = typeof d.links === 'number' ? ` on ${d.links === 1 ? '1 link' : `${d.links} links`}` : '';
  if (action === 'tag.deleted') return `${who} deleted the tag ${name(d.name)}${on}`;
  if (action === 'tag.renamed') return `${who} renamed the tag ${name(d.from)} to ${name(d.to)}${on}`;
  const from = Array.isArray(d.from) ? d.from.map(name).join(', ') : 'tags';
  return `${who} merged ${from} into ${name(d.into)}${on}`;
}
