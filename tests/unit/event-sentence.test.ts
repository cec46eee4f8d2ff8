import { describe, expect, test } from 'vitest';
import { eventSentences } from '../../components/event-sentence';

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
});
