// A visitor's abuse report (issue 18, point 5): limited per IP, paid for with an ALTCHA solution,
// about a short link of this instance; stored for the review queue, acknowledged by mail when the
// reporter gave an address.
import { abuseReports } from '../../db/schema';
import { verifyAltcha } from '../altcha/verify-altcha';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import { logger } from '../core/logger';
import { sendMail } from '../mail/send-mail';
import { headersOf, type WindowLimiter } from '../ratelimit/window-limiter';
import type { TCreateReport } from './report-schema';
import { findReportedLink } from './find-reported-link';
import { hashIp } from '../crypto/hash-ip';

export interface ReportJson {
  id: number;
  url: string;
  reason: string;
  status: 'open';
  created_at: string;
}

/** `input`: parsed by the operation (lib/openapi/operations/public-forms.ts). */
export async function submitReport(
  input: TCreateReport,
  ip: string,
  deps: { ctx: AppContext; limiter: WindowLimiter },
): Promise<{ report: ReportJson; headers: Record<string, string> }> {
  // Every well-formed attempt counts, so the limit also bounds guessing at solutions and links.
  const headers = headersOf(await deps.limiter.consume(`ip:${ip}`));
  try {
    const db = deps.ctx.handle.db;
    await verifyAltcha(db, input.altcha);
    const link = await findReportedLink(db, deps.ctx.domains, input.url);
    const email = input.email || null;
    const [row] = await db
      .insert(abuseReports)
      .values({
        linkId: link.id,
        url: input.url,
        source: 'visitor',
        reason: input.reason,
        details: input.details || null,
        reporterEmail: email,
        reporterIpHash: ip === 'unknown' ? null : hashIp(ip),
      })
      .returning({ id: abuseReports.id, createdAt: abuseReports.createdAt });
    if (email) await acknowledge(email, row.id, input.url);
    return { report: { id: row.id, url: input.url, reason: input.reason, status: 'open', created_at: row.createdAt.toISOString() }, headers };
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, err.details, { ...headers, ...err.headers });
    throw err;
  }
}

/** The report is stored either way: a mail that cannot be sent is logged, not an error for the reporter. */
async function acknowledge(to: string, id: number, url: string): Promise<void> {
  try {
    await sendMail({
      kind: 'abuse-report-received',
      to,
      subject: `We received your report (#${id})`,
      text: [
        `Thank you for reporting ${url}.`,
        '',
        `Your report #${id} is in our review queue. If the link breaks our rules, it will be disabled; visitors then no longer reach its destination.`,
        '',
        'You do not need to do anything else. If you did not send this report, you can ignore this message.',
      ].join('\n'),
    });
  } catch (err) {
    logger().warn({ err, reportId: id }, 'report acknowledgement not sent');
  }
}
