// A link's routing rules as the APIs take and store them: an ordered list, the first rule whose
// conditions all hold sends the visitor to its url (docs/guide/smart-links.md). The edge compiles
// them once per cached link (compile-rules.ts) and matches per visit without the database.
import { z } from 'zod';
import type { LinkRuleJson } from '../../db/schema';
import { isAddressOrRange } from '../core/address-range';

export const MAX_RULES = 20;
export const MAX_CONDITIONS = 10;
export const MAX_VALUES = 50;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'console', 'smarttv', 'wearable', 'embedded'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const QUERY_OPS = ['equals', 'present', 'absent'] as const;

const not = z.boolean({ error: '"not" must be true or false.' }).optional().meta({ description: 'True inverts the condition.' });

function values<T extends z.ZodType>(item: T, plural: string, singular: string) {
  return z
    .array(item, { error: `values must be a list of ${plural}.` })
    .min(1, `values must hold at least one ${singular}.`)
    .max(MAX_VALUES, `values holds at most ${MAX_VALUES} entries.`);
}

const text = (max: number) =>
  z
    .string({ error: 'each value must be text' })
    .transform((s) => s.normalize('NFC').trim())
    .pipe(z.string().min(1, 'a value must not be empty').max(max, `a value is at most ${max} characters`));

const ZCountry = z
  .string({ error: 'a country is a two-letter ISO 3166 code such as US' })
  .regex(/^[A-Za-z]{2}$/, 'a country is a two-letter ISO 3166 code such as US')
  .overwrite((s) => s.toUpperCase());

const ZLanguage = z
  .string({ error: 'a language is a BCP 47 tag such as en or pt-BR' })
  .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, 'a language is a BCP 47 tag such as en or pt-BR')
  .overwrite((s) => s.toLowerCase());

const ADDRESS = 'an address is an IPv4 or IPv6 address (198.51.100.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32)';
/** An address or a range in CIDR form. */
const ZAddress = z
  .string({ error: ADDRESS })
  .max(64, ADDRESS)
  .overwrite((s) => s.trim())
  .refine(isAddressOrRange, ADDRESS);

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day is HH:MM, 00:00 to 23:59');

export const ZCondition = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('country'), values: values(ZCountry, 'countries', 'country'), not }),
    z.strictObject({ type: z.literal('region'), values: values(text(100), 'regions', 'region'), not }),
    z.strictObject({ type: z.literal('city'), values: values(text(100), 'cities', 'city'), not }),
    z.strictObject({
      type: z.literal('device'),
      values: values(z.enum(DEVICE_TYPES, { error: `a device is one of ${DEVICE_TYPES.join(', ')}` }), 'devices', 'device'),
      not,
    }),
    z.strictObject({ type: z.literal('os'), values: values(text(50), 'operating systems', 'operating system'), not }),
    z.strictObject({ type: z.literal('browser'), values: values(text(50), 'browsers', 'browser'), not }),
    z.strictObject({ type: z.literal('language'), values: values(ZLanguage, 'languages', 'language'), not }),
    z
      .strictObject({
        type: z.literal('query'),
        key: z.string({ error: 'key names the query parameter' }).min(1, 'key names the query parameter').max(100),
        op: z.enum(QUERY_OPS, { error: `op is one of ${QUERY_OPS.join(', ')}` }).default('equals'),
        value: z.string({ error: 'value must be text' }).max(500).optional(),
        not,
      })
      .refine((c) => c.op !== 'equals' || c.value !== undefined, { error: 'op "equals" needs a value', path: ['value'] }),
    z.strictObject({ type: z.literal('ip'), values: values(ZAddress, 'addresses', 'address'), not }),
    z
      .strictObject({
        type: z.literal('time'),
        after: z.iso.datetime({ offset: true, error: 'after is an ISO 8601 date-time such as 2027-01-31T10:00:00Z' }).optional(),
        before: z.iso.datetime({ offset: true, error: 'before is an ISO 8601 date-time such as 2027-01-31T10:00:00Z' }).optional(),
        days: z
          .array(z.enum(WEEKDAYS, { error: `a day is one of ${WEEKDAYS.join(', ')}` }))
          .min(1)
          .max(7)
          .optional(),
        from: ZClock.optional(),
        to: ZClock.optional(),
        timezone: z.string().max(64).default('UTC').meta({ description: 'An IANA time zone (Europe/Paris) for days, from and to.' }),
        not,
      })
      .refine((c) => c.after !== undefined || c.before !== undefined || c.days !== undefined || c.from !== undefined, {
        error: 'a time condition needs after, before, days or from/to',
      })
      .refine((c) => (c.from === undefined) === (c.to === undefined), { error: 'from and to go together', path: ['to'] })
      .refine((c) => c.after === undefined || c.before === undefined || Date.parse(c.after) < Date.parse(c.before), {
        error: 'after must be earlier than before',
        path: ['before'],
      })
      .refine((c) => isTimeZone(c.timezone), { error: 'timezone must be an IANA time zone such as Europe/Paris', path: ['timezone'] }),
    z.strictObject({ type: z.literal('bot'), not }).meta({ description: 'The visitor is a bot or link-preview crawler (not: a person).' }),
  ],
  { error: 'type is one of country, region, city, device, os, browser, language, query, ip, time, bot' },
);
export type TCondition = z.output<typeof ZCondition>;

export const ZRule = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'a rule id is 1 to 32 letters, digits, "-" or "_"')
      .optional()
      .meta({ description: 'Kept across edits and recorded with each click; assigned when absent.' }),
    name: z.string().max(80, 'a rule name is at most 80 characters').nullish(),
    conditions: z
      .array(ZCondition, { error: 'conditions must be a list' })
      .min(1, 'a rule needs at least one condition')
      .max(MAX_CONDITIONS, `a rule has at most ${MAX_CONDITIONS} conditions`),
    url: z.string({ error: 'a rule’s url must be text' }).optional().meta({
      description: 'Where the rule sends its visitors: http(s), or an app link (myapp://…) that the app page tries.',
    }),
    ab_test: z.literal(true, { error: 'ab_test is true (the rule sends its visitors into the link’s A/B test) or absent' }).optional().meta({
      description: 'Instead of a url: the rule sends its visitors into the link’s A/B test, which then splits only the visitors of such rules.',
    }),
  })
  .refine((r) => (r.url === undefined) !== (r.ab_test === undefined), {
    error: 'each rule needs a destination: a url, or "ab_test": true (not both)',
    path: ['url'],
  });
export type TRule = z.output<typeof ZRule>;

export const ZRules = z
  .array(ZRule, { error: `rules must be a list of at most ${MAX_RULES} rules` })
  .max(MAX_RULES, `a link has at most ${MAX_RULES} rules`)
  .refine((rules) => new Set(rules.map((r) => r.id).filter(Boolean)).size === rules.filter((r) => r.id).length, {
    error: 'rule ids must differ',
  });

/** A rule as stored and answered: its id assigned. */
export type StoredRule = TRule & { id: string };
export const ZStoredRule = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    conditions: z.array(ZCondition),
    url: z.string().optional().meta({ description: 'Where the rule sends its visitors (absent when ab_test is true).' }),
    ab_test: z.literal(true).optional().meta({ description: 'The rule sends its visitors into the link’s A/B test.' }),
  })
  .meta({ id: 'LinkRule' });

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A link row's rules at their full type: the column is written only through ZRules and checkRules. */
export function storedRules(rules: readonly LinkRuleJson[] | null | undefined): StoredRule[] {
  return (rules ?? []) as StoredRule[];
}
