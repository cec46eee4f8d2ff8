import { describe, expect, test } from 'vitest';
import { eventSentences, previousSnapshot } from '../../components/event-sentence';

const link = { long_url: 'https://example.com/a', status: 'active', password_protected: false, expiration: null, max_clicks: null, short_code: 'abc' };

describe('history sentences', () => {
  test('creation names the destination and the settings it started with', () => {
    expect(eventSentences({ event: 'link.created', data: link })).toEqual(['Created, pointing to https://example.com/a.']);
    expect(eventSentences({ event: 'link.created', data: { ...link, password_protected: true, max_clicks: 5 } })).toEqual([
      'Created, pointing to https://example.com/a.',
      'Protected with a password.',
      'Limited to 5 clicks.',
    ]);
  });
  test('an update says what changed against the entry before it', () => {
    const before = { event: 'link.created', data: link };
    expect(eventSentences({ event: 'link.updated', data: { ...link, long_url: 'https://example.com/b' } }, before)).toEqual([
      'Destination changed to https://example.com/b.',
    ]);
    expect(eventSentences({ event: 'link.updated', data: { ...link, password_protected: true, max_clicks: 3 } }, before)).toEqual([
      'Password added.',
      'Click limit set to 3.',
    ]);
    expect(eventSentences({ event: 'link.updated', data: { ...link, status: 'disabled', disabled_reason: 'spam' } }, before)).toEqual(['Now disabled: spam.']);
    expect(eventSentences({ event: 'link.updated', data: { ...link, status: 'blocked', reason: 'listed host' } }, before)).toEqual([
      'Now blocked as unsafe: listed host.',
    ]);
    expect(eventSentences({ event: 'link.updated', data: link }, before)).toEqual(['Saved without changes to its destination or settings.']);
  });
  test('without the entry before it (the end of a page), the state it left', () => {
    expect(eventSentences({ event: 'link.updated', data: { ...link, status: 'pending_review' } })).toEqual([
      'Updated; it now points to https://example.com/a and is waiting for review.',
    ]);
  });
  test('expiry says why', () => {
    expect(eventSentences({ event: 'link.expired', data: { reason: 'max_clicks' } })).toEqual(['Expired: it reached its click limit.']);
    expect(eventSentences({ event: 'link.expired', data: {} })).toEqual(['Expired: its expiration date passed.']);
  });
  test('a hold says whether the safety checks blocked the link or hold it for review, and why', () => {
    expect(eventSentences({ event: 'link.held', data: { ...link, status: 'pending_review', reason: 'It redirects into a private network.' } })).toEqual([
      'Held for review by the safety checks: It redirects into a private network.',
    ]);
    expect(eventSentences({ event: 'link.held', data: { ...link, status: 'blocked', reason: 'Listed by openphish.' } })).toEqual([
      'Blocked by the safety checks: Listed by openphish.',
    ]);
  });
  test('a milestone names the count reached', () => {
    expect(eventSentences({ event: 'link.milestone', data: { link: { id: 1 }, milestone: 10000, clicks: 10003 } })).toEqual(['Reached 10,000 clicks.']);
  });
  test('an update is told against the last entry that holds the link, not a click or milestone after it', () => {
    const events = [
      { event: 'link.updated', data: { ...link, long_url: 'https://example.com/b' } },
      { event: 'link.milestone', data: { link: { id: 1 }, milestone: 100, clicks: 100 } },
      { event: 'link.clicked', data: { link_id: 1 } },
      { event: 'link.created', data: link },
    ];
    expect(previousSnapshot(events, 0)).toBe(events[3]);
    expect(eventSentences(events[0], previousSnapshot(events, 0))).toEqual(['Destination changed to https://example.com/b.']);
    expect(previousSnapshot(events, 3)).toBeUndefined();
  });
});
