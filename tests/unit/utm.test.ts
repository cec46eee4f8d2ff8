// UTM values read from and written into a destination URL (lib/links/utm.ts), as the API and the
// link dialog use them.
import { describe, expect, test } from 'vitest';
import { readUtm, writeUtm } from '../../lib/links/utm';

describe('UTM parameters of a destination', () => {
  test('are read from the query, null when absent or not a URL', () => {
    expect(readUtm('https://shop.example/a?utm_source=news&x=1&utm_campaign=spring%20sale')).toEqual({
      utm_source: 'news',
      utm_medium: null,
      utm_campaign: 'spring sale',
      utm_term: null,
      utm_content: null,
    });
    expect(readUtm('not a url').utm_source).toBeNull();
    expect(readUtm('https://shop.example/?utm_source=').utm_source).toBeNull();
  });

  test('are written in place, appended, or removed ("" or null); other parameters and the fragment stay', () => {
    const url = 'https://shop.example/a?utm_source=old&x=1&utm_source=again#top';
    expect(writeUtm(url, { utm_source: 'new', utm_medium: 'email' })).toBe('https://shop.example/a?utm_source=new&x=1&utm_medium=email#top');
    expect(writeUtm('https://shop.example/a?utm_source=old&x=1', { utm_source: '' })).toBe('https://shop.example/a?x=1');
    expect(writeUtm('https://shop.example/a?utm_term=shoes', { utm_term: null })).toBe('https://shop.example/a');
    expect(writeUtm('https://shop.example/a', { utm_campaign: 'spring sale' })).toBe('https://shop.example/a?utm_campaign=spring+sale');
    expect(readUtm(writeUtm('https://shop.example/a', { utm_content: 'a&b=c' })).utm_content).toBe('a&b=c');
  });

  test('leave a URL they do not change, and text that is not a URL, exactly as it was', () => {
    expect(writeUtm('https://shop.example/a?q=%7e', {})).toBe('https://shop.example/a?q=%7e');
    expect(writeUtm('https://shop.example/a?q=%7e', { utm_source: '' })).toBe('https://shop.example/a?q=%7e');
    expect(writeUtm('example', { utm_source: 'x' })).toBe('example');
  });
});
