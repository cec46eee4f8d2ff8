import { describe, expect, test } from 'vitest';
import { safeNextPath } from '../../lib/auth/safe-next-path';

describe('safeNextPath', () => {
  test('keeps same-origin paths', () => {
    expect(safeNextPath('/invite/abc')).toBe('/invite/abc');
    expect(safeNextPath('/links?q=x#top')).toBe('/links?q=x#top');
    expect(safeNextPath('/')).toBe('/');
  });
  test.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    ['links'],
    [''],
    ['/\t/evil.example'],
    ['/a\nb'],
    [null],
    [undefined],
    [['/a']],
  ])('refuses %j', (value) => expect(safeNextPath(value)).toBeNull());
});
