// Counts conversions an integrator reports for a variant of a link's A/B test (the purchase, the
// sign-up the variant led to); a test ending "by conversions" picks its winner by them.
import type { LinkRow } from '../../db/schema';
import type { AppContext } from '../context/app-context';
import { invalidField } from '../core/errors';
import { storedAbTest } from '../link-rules/ab-test-schema';

/** The variant's conversions after adding `count`; a 400 naming `variant` when the link has no such variant. */
export async function recordConversion(link: LinkRow, variant: string, count: number, ctx: Pick<AppContext, 'handle'>): Promise<number> {
  const test = storedAbTest(link.abTest);
  if (!test) throw invalidField('variant', 'This link has no A/B test to count conversions for.');
  if (!test.variants.some((v) => v.id === variant))
    throw invalidField('variant', `No variant "${variant}" in this link's test; its variants are ${test.variants.map((v) => v.id).join(', ')}.`);
  const [row] = await ctx.handle.query<{ conversions: number | string }>(
    `INSERT INTO link_conversions (link_id, variant_id, conversions) VALUES ($1, $2, $3)
     ON CONFLICT (link_id, variant_id) DO UPDATE SET conversions = link_conversions.conversions + EXCLUDED.conversions, updated_at = now()
     RETURNING conversions`,
    [link.id, variant, count],
  );
  return Number(row.conversions);
}
