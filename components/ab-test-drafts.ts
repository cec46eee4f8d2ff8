// The A/B test's drafts (what the link dialog's inputs hold: weights as typed, the end as a
// datetime-local value in the viewer's time zone) and their conversion to and from the API's
// `ab_test` (lib/link-rules/ab-test-schema.ts, whose limits are mirrored here), the checks made
// before a save, and where an `ab_test…` error from the API points.
import type { StoredAbTest } from '@/lib/link-rules/ab-test-schema';
import { fromLocalInput, toLocalInput } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';

export const MAX_VARIANTS = 10;
export const MIN_VARIANTS = 2;
export const MIN_END_CLICKS = 10;
export type WinnerBy = StoredAbTest['winner_by'];

export interface VariantDraft {
  key: string;
  /** A saved variant's id, kept across edits (its clicks and conversions refer to it). */
  id?: string;
  url: string;
  /** As typed: a whole number from 1 to 100 once valid. */
  weight: string;
}

export interface TestDraft {
  variants: VariantDraft[];
  /** datetime-local, the viewer's time zone; '' for no end date. */
  endsAt: string;
  endAfterClicks: string;
  winnerBy: WinnerBy;
}

let keys = 0;
const newKey = () => `v${++keys}`;

/** "A", "B", … : how the editor names the variants. */
export const letter = (i: number) => String.fromCharCode(65 + i);

/** 100 split over n as evenly as whole numbers allow, the first ones taking the remainder (34, 33, 33). */
export function evenWeights(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String(Math.floor(100 / n) + (i < 100 % n ? 1 : 0)));
}

export const isEven = (variants: readonly VariantDraft[]) => evenWeights(variants.length).join() === variants.map((v) => v.weight.trim()).join();

/** A new test: the link's destination first, an empty second variant, half each. */
export function blankTest(destination: string): TestDraft {
  const [a, b] = evenWeights(2);
  return {
    variants: [
      { key: newKey(), url: destination, weight: a },
      { key: newKey(), url: '', weight: b },
    ],
    endsAt: '',
    endAfterClicks: '',
    winnerBy: 'clicks',
  };
}

/** A saved test as drafts; `keepIds` false for a duplicate or a new test after one ended (a new start). */
export function toTestDraft(test: StoredAbTest, keepIds: boolean): TestDraft {
  const future = test.ends_at && Date.parse(test.ends_at) > Date.now();
  return {
    variants: test.variants.map((v) => ({ key: newKey(), ...(keepIds ? { id: v.id } : {}), url: v.url, weight: String(v.weight) })),
    endsAt: keepIds || future ? toLocalInput(test.ends_at) : '',
    endAfterClicks: test.end_after_clicks === null ? '' : String(test.end_after_clicks),
    winnerBy: test.winner_by,
  };
}

export const addVariant = (d: TestDraft): TestDraft => {
  const variants = [...d.variants, { key: newKey(), url: '', weight: '' }];
  // Untouched weights stay an even split; chosen ones are left alone (the total says what is missing).
  return { ...d, variants: isEven(d.variants) ? splitEvenly(variants) : variants };
};

export const removeVariant = (d: TestDraft, i: number): TestDraft => {
  const variants = d.variants.filter((_, k) => k !== i);
  return { ...d, variants: isEven(d.variants) ? splitEvenly(variants) : variants };
};

export function splitEvenly(variants: VariantDraft[]): VariantDraft[] {
  const weights = evenWeights(variants.length);
  return variants.map((v, i) => ({ ...v, weight: weights[i] }));
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The weights' total, counting only the valid ones. */
export const totalWeight = (variants: readonly VariantDraft[]) =>
  variants.reduce((sum, v) => sum + (Number.isFinite(whole(v.weight)) ? whole(v.weight) : 0), 0);

export function weightsMessage(total: number): string {
  return `The weights add up to ${total}%: they must add up to 100%.`;
}

/** The test as the API's `ab_test` (every variant is sent, so the API's variants[i] is the i-th row). */
export function testBody(d: TestDraft): Record<string, unknown> {
  const ends = fromLocalInput(d.endsAt);
  const clicks = d.endAfterClicks.trim();
  return {
    variants: d.variants.map((v) => ({ ...(v.id ? { id: v.id } : {}), url: withScheme(v.url), weight: whole(v.weight) })),
    ...(ends ? { ends_at: ends } : {}),
    ...(clicks ? { end_after_clicks: whole(clicks) } : {}),
    winner_by: d.winnerBy,
  };
}

/** What the API would refuse, found before sending: keyed as the API's details are (`ab_test.variants[1].weight`). */
export function testProblems(d: TestDraft): Record<string, string> {
  const out: Record<string, string> = {};
  d.variants.forEach((v, i) => {
    if (!v.url.trim()) out[`ab_test.variants[${i}].url`] = `Variant ${letter(i)} needs a destination URL.`;
    const w = whole(v.weight);
    if (!(w >= 1 && w <= 100)) out[`ab_test.variants[${i}].weight`] = 'A weight is a whole number from 1 to 100.';
  });
  const total = totalWeight(d.variants);
  if (total !== 100) out['ab_test.variants'] = weightsMessage(total);
  if (d.endsAt && Date.parse(fromLocalInput(d.endsAt) ?? '') <= Date.now()) out['ab_test.ends_at'] = 'The end must be in the future.';
  const clicks = d.endAfterClicks.trim();
  if (clicks && !(whole(clicks) >= MIN_END_CLICKS)) out['ab_test.end_after_clicks'] = `A whole number of at least ${MIN_END_CLICKS}.`;
  return out;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/([^.])$/, '$1.');

/**
 * The dialog's `ab_test…` errors by where they belong: `variants[1].url`, `variants` (the weights),
 * `ends_at`, `end_after_clicks`, or '' (the test as a whole). The API answers a check of the whole
 * test as details.ab_test ("Invalid ab_test: ab_test.variants[1].weight: …") and a refused
 * destination as details["ab_test.variants[1].url"].
 */
export function testErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key.startsWith('ab_test.')) out[key.slice('ab_test.'.length)] = message;
    else if (key === 'ab_test') {
      const m = /^Invalid ab_test: (?:ab_test\.([\w.[\]]+): )?(.*)$/s.exec(message);
      const text = m ? m[2] : message;
      const at = m?.[1] ?? (/^(ends_at|end_after_clicks)\b/.exec(text)?.[1] || '');
      out[at] = sentence(text.replace(/^ends_at /, 'the end ').replace(/^end_after_clicks /, 'the number of clicks '));
    }
  }
  return out;
}
