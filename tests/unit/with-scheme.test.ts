// URL fields (the dashboard, the home page, a CSV import) accept an address typed without a scheme.
import { describe, expect, test } from 'vitest';
import { withScheme } from '../../lib/links/with-scheme';
import { relativeWhen } from '../../components/when';

describe('withScheme', () => {
  test.each([
    ['example.com/x', 'https://example.com/x'],
    ['  www.example.org  ', 'https://www.example.org'],
    ['localhost:3000/a?b=1', 'https://localhost:3000/a?b=1'],
    ['//cdn.example.com/f', 'https://cdn.example.com/f'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com/Y', 'HTTPS://Example.com/Y'],
    ['ftp://example.com/file', 'ftp://example.com/file'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['', ''],
    ['[::1]:8080/x', 'https://[::1]:8080/x'],
    ['bücher.example/ä', 'https://bücher.example/ä'],
    ['not-a-url-1', 'not-a-url-1'],
    ['two words.com', 'two words.com'],
    ['user@example.com', 'user@example.com'],
  ])('%s → %s', (typed, sent) => expect(withScheme(typed)).toBe(sent));
});

describe('relativeWhen', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  test.each([
    ['2026-11-22T11:59:50Z', 'just now'],
    ['2026-11-22T11:55:00Z', '5 minutes ago'],
    ['2026-11-22T09:00:00Z', '3 hours ago'],
    ['2026-11-21T12:00:00Z', 'yesterday'],
    ['2026-11-25T12:00:00Z', 'in 3 days'],
  ])('%s is "%s"', (iso, text) => expect(relativeWhen(iso, now)).toBe(text));
  test('more than a week away: the date', () => {
    expect(relativeWhen('2026-10-01T12:00:00Z', now)).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(Date.parse('2026-10-01T12:00:00Z')),
    );
  });
});
