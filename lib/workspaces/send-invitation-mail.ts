// The invitation mail: who invites, to which workspace, with which role, and the link. Without a mail
// server the link goes back to the admin who invited, to pass on themselves (docs/guide/workspaces.md).
import { loadConfig } from '../config/load-config';
import { AppError } from '../core/errors';
import { logger } from '../core/logger';
import { mailConfigured } from '../mail/mail-configured';
import { sendMail } from '../mail/send-mail';
import { ROLE_LABEL } from '../tenancy/permissions';
import type { Role } from '../../db/schema';

export interface InvitationMail {
  to: string;
  secret: string;
  role: Role;
  workspaceName: string;
  inviter: { name: string; email: string };
}

export function invitationUrl(secret: string): string {
  return `${loadConfig().BASE_URL}/invite/${secret}`;
}

/** Mails the invitation; when mail is off, answers its link instead (the only moment the secret exists). */
export async function deliverInvitation(m: InvitationMail): Promise<{ link?: string }> {
  if (!mailConfigured()) return { link: invitationUrl(m.secret) };
  await sendInvitationMail(m);
  return {};
}

async function sendInvitationMail(m: InvitationMail): Promise<void> {
  const role = ROLE_LABEL[m.role];
  try {
    await sendMail({
      kind: 'invitation',
      to: m.to,
      subject: `${m.inviter.name} invited you to ${m.workspaceName} on Sling`,
      text:
        `${m.inviter.name} (${m.inviter.email}) invited you to join the workspace "${m.workspaceName}" on Sling as ${/^[AEIOU]/.test(role) ? 'an' : 'a'} ${role}.\n\n` +
        `To accept, open this link within 7 days and sign in or create an account with this address (${m.to}):\n${invitationUrl(m.secret)}\n\n` +
        `If you did not expect this invitation, ignore this mail.`,
    });
  } catch (err) {
    logger().error({ err }, 'invitation mail could not be sent');
    throw new AppError('unavailable', 'The invitation is saved, but its mail could not be sent; try "Resend" later.');
  }
}
