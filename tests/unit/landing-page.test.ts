// Landing pages without a server: one document from the three parts (the same for the domain and
// the preview), the size counted in UTF-8 bytes, and the per-host cache with its invalidation.
import { describe, expect, test } from 'vitest';
import { ALL_KEYS } from '../../lib/cache/invalidation-bus';
import { domainHostKey } from '../../lib/domains/site-directory';
import { assembleLanding } from '../../lib/landing/assemble-landing';
import { LandingCache } from '../../lib/domains/landing-cache';
import { landingSize, LANDING_PAGE_MAX_BYTES } from '../../lib/landing/landing-size';

describe('assembleLanding', () => {
  test('a full document: the CSS closes <head>, the JavaScript closes the last <body>', () => {
    const html = '<!DOCTYPE html><html><head><title>x</title></head><body><p>a</p></body></html>';
    expect(assembleLanding({ html, css: 'p{}', js: 'go()' })).toBe(
      '<!DOCTYPE html><html><head><title>x</title><style>\np{}\n</style>\n</head><body><p>a</p><script>\ngo()\n</script>\n</body></html>',
    );
  });

  test('a fragment gets a doctype, the style after it and the script at the end; empty parts add nothing', () => {
    expect(assembleLanding({ html: '<p>hi</p>', css: 'p{}', js: 'go()' })).toBe(
      '<!doctype html>\n<style>\np{}\n</style>\n<p>hi</p>\n<script>\ngo()\n</script>\n',
    );
    expect(assembleLanding({ html: '<p>hi</p>', css: '  ', js: '' })).toBe('<!doctype html>\n<p>hi</p>');
  });

  test('code cannot end its own element early', () => {
    const out = assembleLanding({ html: '', css: 'a{} </STYLE><img src=x>', js: 'x = "</script><img src=x>"' });
    expect(out).toContain('<\\/STYLE>');
    expect(out.match(/<\/style>/gi)).toHaveLength(1);
    expect(out.match(/<\/script>/gi)).toHaveLength(1);
  });

  test('the preview puts the dashboard nonce on every script, its own and the HTML’s', () => {
    const out = assembleLanding({ html: '<script src="https://cdn.example/x.js"></script><scripted>', css: '', js: 'go()' }, { nonce: 'abc+/=' });
    expect(out).toBe('<!doctype html>\n<script nonce="abc+/=" src="https://cdn.example/x.js"></script><scripted>\n<script nonce="abc+/=">\ngo()\n</script>\n');
    expect(assembleLanding({ html: '', css: '', js: 'x' }, { nonce: '"><b>' })).toContain('<script nonce="b">');
  });
});

test('landingSize counts UTF-8 bytes of the three parts; the limit is 512 KiB', () => {
  expect(landingSize({ html: 'é', css: '€', js: 'a' })).toBe(2 + 3 + 1);
  expect(LANDING_PAGE_MAX_BYTES).toBe(524288);
});

describe('LandingCache', () => {
  function cache() {
    const pages = new Map<number, string>([[7, 'seven']]);
    const loads: number[] = [];
    const c = new LandingCache({
      load: async (id) => {
        loads.push(id);
        const page = pages.get(id);
        return page === undefined ? undefined : Buffer.from(page);
      },
      ttlMs: 60_000,
    });
    return { c, pages, loads };
  }

  test('one load per host, then from memory (a host without a page too); its key drops only that host', async () => {
    const { c, pages, loads } = cache();
    expect(String(await c.get('go.example.com', 7))).toBe('seven');
    expect(await c.get('none.example.com', 8)).toBeUndefined();
    expect(String(c.get('go.example.com', 7))).toBe('seven'); // synchronous now
    expect(c.get('none.example.com', 8)).toBeUndefined();
    expect(loads).toEqual([7, 8]);
    pages.set(7, 'seven, saved again');
    c.invalidate(domainHostKey('GO.example.com'));
    expect(c.get('none.example.com', 8)).toBeUndefined();
    expect(String(await c.get('go.example.com', 7))).toBe('seven, saved again');
    c.invalidate(ALL_KEYS);
    await c.get('none.example.com', 8);
    expect(loads).toEqual([7, 8, 7, 8]);
  });

  test('entries expire after ttlMs; a load that raced an invalidation is not kept', async () => {
    const { c, pages, loads } = cache();
    const now = Date.now();
    await c.get('go.example.com', 7);
    expect(c.get('go.example.com', 7, now + 30_000)).toBeInstanceOf(Buffer);
    await c.get('go.example.com', 7, now + 61_000);
    expect(loads).toEqual([7, 7]);
    c.invalidate(domainHostKey('go.example.com'));
    const racing = c.get('go.example.com', 7);
    pages.set(7, 'newer');
    c.invalidate(domainHostKey('go.example.com'));
    expect(String(await racing)).toBe('seven');
    expect(String(await c.get('go.example.com', 7))).toBe('newer');
  });
});
