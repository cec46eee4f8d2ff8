// The body and answer of /api/v1/workspace/privacy: what a workspace's clicks keep of their visitors
// (docs/guide/privacy.md). Ranges are parsed and normalised here; the retention's upper bound is
// the plan's, checked by update-privacy.ts.
import { z } from 'zod';
import { PRIVACY_IP_MODES } from '../../db/schema';
import { normalizeRange } from '../analytics/privacy-mode';

/** At most this many excluded ranges. */
export const MAX_EXCLUDED_RANGES = 100;

const ip = z
  .enum(PRIVACY_IP_MODES, { error: 'must be "full", "anonymized" or "none" (or null for the instance default).' })
  .meta({ description: 'full: the whole address; anonymized: IPv4 to its /24, IPv6 to its /48; none: no address.' });
const toggle = (what: string) => z.boolean({ error: `must be true or false (or null for the instance default).` }).meta({ description: what });

const excludedRanges = z
  .array(z.string({ error: 'must be a list of IP addresses or CIDR ranges.' }), { error: 'must be a list of IP addresses or CIDR ranges.' })
  .max(MAX_EXCLUDED_RANGES, { error: `must hold at most ${MAX_EXCLUDED_RANGES} ranges.` })
  .transform((ranges, ctx) => {
    const normal: string[] = [];
    ranges.forEach((range, i) => {
      const n = normalizeRange(range);
      if (n === null) ctx.addIssue({ code: 'custom', message: `Line ${i + 1}, “${range.slice(0, 60)}”, is not an IP address or CIDR range.` });
      else if (!normal.includes(n)) normal.push(n);
    });
    return normal;
  })
  .meta({
    description: 'IP addresses and CIDR ranges (IPv4 and IPv6) whose visits are not tracked at all: neither stored nor counted. Normalised on the way in.',
    examples: [['203.0.113.0/24', '2001:db8:1::/48']],
  });

const retention = z
  .number({ error: 'must be a whole number of days from 1 (or null for the plan’s).' })
  .int({ error: 'must be a whole number of days from 1 (or null for the plan’s).' })
  .min(1, { error: 'must be a whole number of days from 1 (or null for the plan’s).' })
  .meta({ description: 'Days clicks are kept, shorter than the plan keeps them; null: the plan’s retention.', examples: [90] });

/** PATCH: any of the choices; null goes back to the instance's default (the plan's, for retention). */
export const ZUpdatePrivacy = z
  .strictObject({
    ip: ip.nullable().optional(),
    user_agent: toggle('Keep the user agent (device, browser and OS are kept either way).').nullable().optional(),
    referrer: toggle('Keep the referring page and its host.').nullable().optional(),
    honor_opt_out: toggle('Honour DNT: 1 and Sec-GPC: 1: such a click keeps only its country and kind of device.').nullable().optional(),
    excluded_ranges: excludedRanges.optional(),
    click_retention_days: retention.nullable().optional(),
  })
  .meta({
    description:
      'Applies to clicks stored from the next batch on (a second or two); clicks already stored keep what they were stored with. A retention must be shorter than the plan’s.',
  });
export type TUpdatePrivacy = z.output<typeof ZUpdatePrivacy>;

const choices = z.object({
  ip: z.enum(PRIVACY_IP_MODES),
  user_agent: z.boolean(),
  referrer: z.boolean(),
  honor_opt_out: z.boolean(),
});

export const ZWorkspacePrivacy = z
  .object({
    settings: z
      .object({
        ip: z.enum(PRIVACY_IP_MODES).nullable(),
        user_agent: z.boolean().nullable(),
        referrer: z.boolean().nullable(),
        honor_opt_out: z.boolean().nullable(),
        excluded_ranges: z.array(z.string()).meta({ examples: [['203.0.113.0/24']] }),
        click_retention_days: z.number().int().nullable(),
      })
      .meta({ description: 'The workspace’s own choices; null follows the default.' }),
    defaults: choices
      .extend({
        click_retention_days: z.number().int().nullable().meta({ description: 'The plan’s retention in days; null: unlimited.' }),
      })
      .meta({ description: 'What applies where the workspace has not chosen: the instance’s defaults, set by its operator, and the plan’s retention.' }),
    effective: choices
      .extend({ excluded_ranges: z.array(z.string()), click_retention_days: z.number().int().nullable() })
      .meta({ description: 'What applies to the next click.' }),
  })
  .meta({ id: 'WorkspacePrivacy' });
export type TWorkspacePrivacy = z.output<typeof ZWorkspacePrivacy>;
