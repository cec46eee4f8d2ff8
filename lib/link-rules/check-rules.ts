// A link's rules before they are stored: each destination passes the same checks and scan as the
// link's own url (a rule is no way around the threat list or loop protection), and each rule gets a
// lasting id (clicks record it). The link is held for review when any destination looks suspicious.
// Also what a link does before it starts and after it ends (starts_at, expired_url).
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context/app-context';
import { invalidField } from '../core/errors';
import { processClock } from '../core/clock';
import { validateLongUrl } from '../domains/validate-long-url';
import { validateDestination } from './app-link';
import { appLinkScheme } from '../core/url-scheme';
import { scanDestination, type ScanVerdict } from '../safety/scan-destination';
import type { StoredRule, TRule } from './rule-schema';
import type { StoredAbTest, TAbTest } from './ab-test-schema';

export interface CheckedRules {
  rules: StoredRule[];
  scan: ScanVerdict;
}

/**
 * Validates and scans every rule's url (errors name `rules[i].url`); throws unsafe_url on a listed one.
 * A rule's url may be an app link (not scanned: it names no host on the web); a rule may instead
 * send its visitors into the link's A/B test (assertTestForRules checks the link has one).
 */
export async function checkRules(rules: readonly TRule[], ctx: Pick<AppContext, 'domains' | 'handle'>): Promise<CheckedRules> {
  const checked: StoredRule[] = [];
  const reasons: string[] = [];
  for (const [i, rule] of rules.entries()) {
    const id = rule.id ?? newRuleId();
    // No url (the schema allows one or the other): nothing to check or scan.
    if (rule.ab_test) {
      checked.push({ ...rule, id });
      continue;
    }
    const field = `rules[${i}].url`;
    const url = validateDestination(rule.url, ctx.domains.self, field);
    if (appLinkScheme(url) === null) {
      const scan = await scanDestination(url, ctx.handle, field);
      if (scan.status === 'pending_review') reasons.push(scan.reason);
    }
    checked.push({ ...rule, id, url });
  }
  return { rules: checked, scan: reasons.length === 0 ? { status: 'active', reason: null } : { status: 'pending_review', reason: reasons.join(' ') } };
}

/**
 * Validates and scans every variant's url (errors name `ab_test.variants[i].url`), assigns ids, and
 * starts the test afresh (not ended).
 */
export async function checkAbTest(
  test: TAbTest,
  ctx: Pick<AppContext, 'domains' | 'handle'>,
  clicksAtStart = 0,
): Promise<{ test: StoredAbTest; scan: ScanVerdict }> {
  const now = processClock().nowMs();
  if (test.ends_at && Date.parse(test.ends_at) <= now) throw invalidField('ab_test', 'Invalid ab_test: ends_at must be in the future.');
  const variants: StoredAbTest['variants'] = [];
  let scan: ScanVerdict = { status: 'active', reason: null };
  for (const [i, v] of test.variants.entries()) {
    const field = `ab_test.variants[${i}].url`;
    const url = validateLongUrl(v.url, ctx.domains.self, field);
    scan = worstVerdict(scan, await scanDestination(url, ctx.handle, field));
    variants.push({ id: v.id ?? `v_${randomBytes(6).toString('base64url')}`, url, weight: v.weight });
  }
  const stored: StoredAbTest = {
    variants,
    ends_at: test.ends_at ? new Date(test.ends_at).toISOString() : null,
    end_after_clicks: test.end_after_clicks ?? null,
    winner_by: test.winner_by,
    started_at: new Date(now).toISOString(),
    clicks_at_start: clicksAtStart,
    ended_at: null,
    winner: null,
  };
  return { test: stored, scan };
}

/** A rule that sends its visitors into the A/B test needs the link to have one (ended is fine: its winner is the url). */
export function assertTestForRules(rules: readonly Pick<TRule, 'ab_test'>[], test: unknown): void {
  if (test) return;
  const i = rules.findIndex((r) => r.ab_test === true);
  if (i !== -1)
    throw invalidField(
      `rules[${i}].ab_test`,
      `Rule ${i + 1} sends its visitors into the A/B test, but the link has none: add an ab_test, or give the rule a url.`,
    );
}

/** Held for review if either is: the link's url and its rules' urls are one verdict. */
export function worstVerdict(a: ScanVerdict, b: ScanVerdict): ScanVerdict {
  if (a.status === 'active') return b;
  if (b.status === 'active') return a;
  return a.reason === b.reason ? a : { status: 'pending_review', reason: `${a.reason} ${b.reason}` };
}

/** A link that starts must start before it expires (errors name starts_at). */
export function assertStartsFirst(startsAt: Date | null | undefined, expiresAt: Date | null | undefined): void {
  if (startsAt && expiresAt && new Date(startsAt).getTime() >= new Date(expiresAt).getTime())
    throw invalidField('starts_at', 'starts_at must be earlier than the expiration.');
}

function newRuleId(): string {
  return `r_${randomBytes(6).toString('base64url')}`;
}
