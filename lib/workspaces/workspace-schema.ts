// Request bodies, path parameters and answers of /api/v1/workspace*, /api/v1/workspaces* and
// /api/v1/invitations/accept. The types are checked here (a 400 naming the field, in the words the
// domain rules use); the rules themselves (name and slug, roles, addresses) stay in lib/workspaces/.
import { z } from 'zod';
import { PLANS, ROLES, WORKSPACE_KINDS } from '../../db/schema';
import { ZTimestamp } from '../schemas/common';

const NAME = 'The name must be text of 1 to 60 characters.';
const SLUG = 'The slug must be 3 to 48 characters of lowercase letters, digits and hyphens.';
const ROLE = 'The role must be "admin" or "member".';

const name = z.string({ error: NAME }).meta({ description: '1 to 60 characters once trimmed.', examples: ['Marketing'] });
const slug = z.string({ error: SLUG }).meta({ description: '3 to 48 of a-z, 0-9 and "-"; "system" and "personal-…" are reserved.' });
const role = z.string({ error: ROLE }).meta({ description: '"admin" or "member" (ownership moves by transfer).', enum: ['admin', 'member'] } as never);

export const ZCreateWorkspace = z.strictObject({ name, slug: slug.nullable().optional().meta({ description: 'Made from the name when absent.' }) });
export const ZUpdateWorkspace = z.strictObject({ name: name.optional(), slug: slug.optional() });
export const ZCreateInvitation = z.strictObject({
  email: z.string({ error: 'must be an email address.' }).meta({ format: 'email' }),
  role: role.optional().meta({ description: '"admin" or "member" (default member).' }),
});
export const ZChangeMemberRole = z.strictObject({ role });
export const ZTransferOwnership = z.strictObject({
  user_id: z.string({ error: "must be the new owner's user id." }).meta({ description: 'A member of this workspace.' }),
});
export const ZAcceptInvitation = z.strictObject({
  token: z.string({ error: 'must be the secret from the invitation link.' }).meta({ description: 'The secret from the invitation link (/invite/<token>).' }),
});

export const ZWorkspaceParams = z.object({ id: z.string().meta({ description: 'The workspace id.' }) });
export const ZInvitationParams = z.object({ id: z.string().meta({ description: 'The invitation id.' }) });
export const ZMemberParams = z.object({
  userId: z.string().meta({ description: 'The member’s user id.', examples: ['0b6e4d43-9c1f-4f6e-8a51-2f7d3c9b1e20'] }),
});

export const ZWorkspaceInfo = z
  .object({
    id: z.string(),
    name: z.string().meta({ examples: ['Marketing'] }),
    slug: z.string(),
    kind: z.enum(WORKSPACE_KINDS).meta({ examples: ['team'] }),
    plan: z.enum(PLANS),
    created_at: ZTimestamp,
  })
  .meta({ id: 'Workspace' });
/** A workspace among a user's, with the user's role in it. */
export const ZUserWorkspace = ZWorkspaceInfo.extend({ role: z.enum(ROLES) }).meta({ id: 'UserWorkspace' });
const personName = z.string().meta({ examples: ['Dora Docs'] });
export const ZMember = z
  .object({
    user_id: z.string(),
    name: personName,
    email: z.string(),
    role: z.enum(ROLES),
    joined_at: ZTimestamp,
    invited_by: z
      .object({ id: z.string(), name: personName, email: z.string() })
      .nullable()
      .meta({ description: 'Who invited them; null if they did not join by an invitation or the inviter’s account is gone.' }),
    invited_at: ZTimestamp.nullable().meta({ description: 'When they were invited; null if they did not join by an invitation.' }),
  })
  .meta({ id: 'Member' });
export const ZInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(['pending', 'expired']),
    expires_at: ZTimestamp,
    created_at: ZTimestamp,
    inviter: z.object({ id: z.string(), name: personName, email: z.string() }),
  })
  .meta({ id: 'Invitation' });
/** A new or re-issued invitation: the link only when this server sends no mail (docs/guide/workspaces.md). */
export const ZIssuedInvitation = z.object({
  invitation: ZInvitation,
  link: z
    .string()
    .optional()
    .meta({
      description: 'Only when the server has no mail server (SMTP_URL unset): the accept link to pass on yourself. It is not stored; a resend makes a new one.',
      examples: ['https://sl.ing/invite/3q2-7wZ0cJ1mYw8eR5kP9tXbVnL4aHsD6uGfQiOzEjM'],
    }),
});
