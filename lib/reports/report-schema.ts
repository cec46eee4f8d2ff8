// The body of POST /api/v1/reports (the public "Report this link" form), parsed with zod.
import { z } from 'zod';

export const REPORT_REASONS = ['phishing', 'malware', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const ZCreateReport = z.strictObject({
  url: z
    .string({ error: 'must be the short link you are reporting' })
    .trim()
    .min(1, { error: 'must be the short link you are reporting' })
    .max(2048, { error: 'is too long' }),
  reason: z.enum(REPORT_REASONS, { error: `must be one of ${REPORT_REASONS.join(', ')}` }),
  details: z.string({ error: 'must be text' }).trim().max(2000, { error: 'must be at most 2000 characters' }).optional(),
  email: z.union([z.literal(''), z.email({ error: 'must be an email address' }).max(254, { error: 'is too long' })]).optional(),
  altcha: z.string({ error: 'must be an ALTCHA payload' }).max(4096, { error: 'is too long' }).optional(),
});
export type TCreateReport = z.infer<typeof ZCreateReport>;

/** The answer of POST /api/v1/reports. */
export const ZReport = z.object({
  id: z.number().int(),
  url: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.literal('open'),
  created_at: z.string(),
});
