// The tags' palette: eight named colours, each a text and a background for the light and the dark
// theme that pass WCAG AA (4.5:1, tests/unit/tag-colors.test.ts). A tag nobody coloured gets a
// colour from its name, so it looks the same everywhere without a row (docs/guide/folders-and-tags.md).

export const TAG_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

interface Pair {
  text: string;
  background: string;
}

/** Per colour: the chip's text and background in each theme, and a swatch (a menu's dot). */
export const TAG_PALETTE: Record<TagColor, { light: Pair; dark: Pair; swatch: string }> = {
  gray: { light: { text: '#374151', background: '#f3f4f6' }, dark: { text: '#e5e7eb', background: '#1f2937' }, swatch: '#6b7280' },
  red: { light: { text: '#991b1b', background: '#fee2e2' }, dark: { text: '#fecaca', background: '#450a0a' }, swatch: '#ef4444' },
  orange: { light: { text: '#9a3412', background: '#ffedd5' }, dark: { text: '#fed7aa', background: '#431407' }, swatch: '#f97316' },
  yellow: { light: { text: '#854d0e', background: '#fef9c3' }, dark: { text: '#fef08a', background: '#422006' }, swatch: '#eab308' },
  green: { light: { text: '#166534', background: '#dcfce7' }, dark: { text: '#bbf7d0', background: '#052e16' }, swatch: '#22c55e' },
  blue: { light: { text: '#1e40af', background: '#dbeafe' }, dark: { text: '#bfdbfe', background: '#172554' }, swatch: '#3b82f6' },
  purple: { light: { text: '#6b21a8', background: '#f3e8ff' }, dark: { text: '#e9d5ff', background: '#3b0764' }, swatch: '#a855f7' },
  pink: { light: { text: '#9d174d', background: '#fce7f3' }, dark: { text: '#fbcfe8', background: '#500724' }, swatch: '#ec4899' },
};

export function isTagColor(v: unknown): v is TagColor {
  return typeof v === 'string' && (TAG_COLORS as readonly string[]).includes(v);
}

/** The colour of a tag nobody coloured: a hash of its name (FNV-1a, finalised), so the same name has the same colour on every instance. */
export function defaultTagColor(name: string): TagColor {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // FNV's low bits mix poorly on short names (most fell on one colour): murmur3's finaliser spreads them.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return TAG_COLORS[(hash >>> 0) % TAG_COLORS.length];
}

/** A stored colour, or the default when there is none (or an unknown one, from a later palette). */
export function tagColor(name: string, stored: string | null | undefined): TagColor {
  return isTagColor(stored) ? stored : defaultTagColor(name);
}
