// The tags' palette: every chip's text on its background passes WCAG AA (4.5:1) in both themes, and
// a tag nobody coloured always gets the same colour from its name.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultTagColor, TAG_COLORS, TAG_PALETTE, tagColor } from '../../lib/tags/tag-colors';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('tag colours', () => {
  test.each(TAG_COLORS)('%s passes AA in the light and the dark theme', (color) => {
    for (const theme of ['light', 'dark'] as const) {
      const { text, background } = TAG_PALETTE[color][theme];
      expect(contrast(text, background), `${color} ${theme}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('the default colour is a palette colour, the same for the same name, and spread over the palette', () => {
    expect(defaultTagColor('launch')).toBe(defaultTagColor('launch'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => defaultTagColor(`tag-${i}`)));
    expect([...used].sort()).toEqual([...TAG_COLORS].sort());
  });

  test("app/tags.css holds the same values (the chips' CSS is written by hand)", () => {
    const css = readFileSync(new URL('../../app/tags.css', import.meta.url), 'utf8');
    const [light, dark] = css.split('@media (prefers-color-scheme: dark)');
    for (const color of TAG_COLORS) {
      const { light: l, dark: d, swatch } = TAG_PALETTE[color];
      expect(light, color).toContain(`[data-color='${color}'] { --tag-text: ${l.text}; --tag-bg: ${l.background}; --tag-swatch: ${swatch}; }`);
      expect(dark, color).toContain(`[data-color='${color}'] { --tag-text: ${d.text}; --tag-bg: ${d.background}; }`);
    }
  });

  test('a stored colour wins; an unknown stored one falls back to the default', () => {
    expect(tagColor('launch', 'pink')).toBe('pink');
    expect(tagColor('launch', 'teal')).toBe(defaultTagColor('launch'));
    expect(tagColor('launch', null)).toBe(defaultTagColor('launch'));
  });
});
