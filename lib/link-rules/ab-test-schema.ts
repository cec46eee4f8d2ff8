// A link's A/B test as the APIs take and store it: 2 to 10 destinations with whole-number weights
// summing to 100; each visitor keeps the variant first drawn for them (a signed cookie, lib/edge/
// rules/variant-cookie.ts). Optionally it ends at a date or after a number of clicks, and the
// winner (by clicks, or by conversions the integrator reports) becomes the link's url
// (lib/links/end-due-tests.ts). docs/guide/smart-links.md, "A/B tests".
import { z } from 'zod';
import type { LinkAbTestJson } from '../../db/schema';

export const MAX_VARIANTS = 10;
export const WINNER_BY = ['clicks', 'conversions'] as const;
const ID = /^[A-Za-z0-9_-]{1,32}$/;

export const ZVariant = z.strictObject({
  id: z.string().regex(ID, 'a variant id is 1 to 32 letters, digits, "-" or "_"').optional().meta({
    description: 'Kept across edits and recorded with each click; assigned when absent.',
  }),
  url: z.string({ error: 'each variant needs a destination url' }),
  weight: z
    .number({ error: 'a weight is a whole number from 1 to 100' })
    .int('a weight is a whole number from 1 to 100')
    .min(1, 'a weight is a whole number from 1 to 100')
    .max(100, 'a weight is a whole number from 1 to 100'),
});

export const ZAbTest = z
  .strictObject({
    variants: z
      .array(ZVariant, { error: `variants must be a list of 2 to ${MAX_VARIANTS}` })
      .min(2, `an A/B test has 2 to ${MAX_VARIANTS} variants`)
      .max(MAX_VARIANTS, `an A/B test has 2 to ${MAX_VARIANTS} variants`),
    ends_at: z.iso
      .datetime({ offset: true, error: 'ends_at is an ISO 8601 date-time such as 2027-01-31T10:00:00Z' })
      .nullish()
      .meta({ description: 'When the test ends and its winner becomes the destination.' }),
    end_after_clicks: z
      .number({ error: 'end_after_clicks is a whole number of at least 10' })
      .int('end_after_clicks is a whole number of at least 10')
      .min(10, 'end_after_clicks is a whole number of at least 10')
      .nullish()
      .meta({ description: 'The test ends once its variants have this many clicks together.' }),
    winner_by: z.enum(WINNER_BY, { error: 'winner_by is clicks or conversions' }).default('clicks'),
  })
  .refine((t) => t.variants.reduce((sum, v) => sum + v.weight, 0) === 100, { error: 'the weights must add up to 100', path: ['variants'] })
  .refine((t) => new Set(t.variants.map((v) => v.id).filter(Boolean)).size === t.variants.filter((v) => v.id).length, {
    error: 'variant ids must differ',
    path: ['variants'],
  });
export type TAbTest = z.output<typeof ZAbTest>;

/** As stored and answered: ids assigned; once ended, when and which variant won. */
export type StoredAbTest = Omit<TAbTest, 'variants' | 'ends_at' | 'end_after_clicks'> & {
  variants: Array<{ id: string; url: string; weight: number }>;
  ends_at: string | null;
  end_after_clicks: number | null;
  /** When it started, and the link's clicks then (end_after_clicks counts from there). */
  started_at: string;
  clicks_at_start: number;
  ended_at: string | null;
  winner: string | null;
};

export const ZStoredAbTest = z
  .object({
    variants: z.array(z.object({ id: z.string(), url: z.string(), weight: z.number().int() })),
    ends_at: z.string().nullable(),
    end_after_clicks: z.number().int().nullable(),
    winner_by: z.enum(WINNER_BY),
    started_at: z.string().meta({ description: 'When the test started (it starts again whenever it is replaced).' }),
    clicks_at_start: z.number().int().meta({ description: 'The link’s clicks when it started: end_after_clicks counts the clicks since.' }),
    ended_at: z.string().nullable().meta({ description: 'When the test ended (its winner then became the link’s url); null while it runs.' }),
    winner: z.string().nullable().meta({ description: 'The winning variant’s id, once ended.' }),
  })
  .meta({ id: 'LinkAbTest' });

/** A link row's test at its full type: the column is written only through ZAbTest and checkAbTest. */
export function storedAbTest(test: LinkAbTestJson | null | undefined): StoredAbTest | null {
  return (test ?? null) as StoredAbTest | null;
}

/** POST /api/v1/links/{id}/conversions: a conversion (or several) for one of the test's variants. */
export const ZConversionBody = z.strictObject({
  variant: z.string({ error: 'variant names one of the test’s variant ids' }).min(1, 'variant names one of the test’s variant ids').max(32),
  count: z
    .number({ error: 'count is a whole number from 1 to 1000' })
    .int('count is a whole number from 1 to 1000')
    .min(1, 'count is a whole number from 1 to 1000')
    .max(1000, 'count is a whole number from 1 to 1000')
    .default(1),
});

export const ZConversionAnswer = z
  .object({ variant: z.string(), conversions: z.number().int().meta({ description: 'The variant’s conversions so far, this one included.' }) })
  .meta({ id: 'Conversion' });
