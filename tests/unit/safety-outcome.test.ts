// The edge's decision for the safety states (docs/guide/safety.md link states).
import { describe, expect, test } from 'vitest';
import type { LinkRow } from '../../db/schema';
import { toCachedLink } from '../../lib/edge/cached-link';
import { decideOutcome } from '../../lib/edge/decide-outcome';
import { linkRow } from '../helpers/link-row';

function entry(over: Partial<LinkRow> = {}) {
  return toCachedLink(linkRow(over));
}
const now = Date.now();

describe('decideOutcome for safety states', () => {
  test('pending_review warns; after "continue anyway" it redirects', () => {
    expect(decideOutcome(entry({ status: 'pending_review' }), '', now)).toEqual({ kind: 'page', page: 'review' });
    expect(decideOutcome(entry({ status: 'pending_review' }), 'x=1', now, true)).toMatchObject({ kind: 'redirect', location: 'https://example.com/a?x=1' });
  });

  test('blocked never redirects, not even after "continue anyway"', () => {
    expect(decideOutcome(entry({ status: 'blocked' }), '', now)).toEqual({ kind: 'page', page: 'blocked' });
    expect(decideOutcome(entry({ status: 'blocked' }), '', now, true)).toEqual({ kind: 'page', page: 'blocked' });
  });

  test('a pending link that expired shows "expired"; one with a password asks for it after the warning', () => {
    expect(decideOutcome(entry({ status: 'pending_review', expiresAt: new Date(now - 1000) }), '', now)).toEqual({ kind: 'page', page: 'expired' });
    expect(decideOutcome(entry({ status: 'pending_review', passwordHash: 'h' }), '', now)).toEqual({ kind: 'page', page: 'review' });
    expect(decideOutcome(entry({ status: 'pending_review', passwordHash: 'h' }), '', now, true)).toEqual({ kind: 'page', page: 'protected' });
  });

  test('disabled and active are unchanged', () => {
    expect(decideOutcome(entry({ status: 'disabled' }), '', now)).toEqual({ kind: 'page', page: 'disabled' });
    expect(decideOutcome(entry(), '', now)).toMatchObject({ kind: 'redirect', status: 302 });
  });
});
