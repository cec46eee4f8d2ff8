// The mail a workspace owner gets when a re-check finds their domain's records gone, and when they are back.
import { and, eq } from 'drizzle-orm';
import { users, workspaceMembers, type DomainRow } from '../../db/schema';
import type { Db } from '../db/types';
import { sendMail } from '../mail/send-mail';
import type { CheckedRecord } from './check-domain-dns';

export async function workspaceOwnerEmail(db: Db, workspaceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  return row?.email ?? undefined;
}

export async function notifyDomainStatus(
  db: Db,
  domain: DomainRow,
  transition: 'misconfigured' | 'restored',
  records: CheckedRecord[],
  baseUrl: string,
): Promise<void> {
  const to = await workspaceOwnerEmail(db, domain.workspaceId);
  if (!to) return;
  if (transition === 'restored') {
    return sendMail({
      kind: 'domain-restored',
      to,
      subject: `${domain.hostname} is set up correctly again`,
      text: [`The DNS records of ${domain.hostname} point to Sling again. Nothing else is needed.`, '', `${baseUrl}/domains`].join('\n'),
    });
  }
  const wrong = records.filter((r) => r.status !== 'found');
  return sendMail({
    kind: 'domain-misconfigured',
    to,
    subject: `${domain.hostname} is misconfigured`,
    text: [
      `Sling's daily check found that the DNS records of ${domain.hostname} no longer point to Sling:`,
      '',
      ...wrong.map((r) => `  ${r.type} ${r.name} should be ${r.value} — ${r.status === 'missing' ? 'not found' : `found ${r.seen.join(', ')}`}`),
      '',
      'Its links keep answering while visitors still reach Sling, but new certificates cannot be issued until the records are back.',
      `Fix the records at your DNS provider; Sling checks again every hour and mails you when they are right. ${baseUrl}/domains`,
    ].join('\n'),
  });
}
