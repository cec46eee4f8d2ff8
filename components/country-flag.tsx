'use client';
// A country's flag as an SVG from country-flag-icons (MIT), bundled: the flags are a chunk of their
// own, loaded once with the first one shown, never fetched from elsewhere. Emoji flags are not used:
// without an emoji font they render as two letters in boxes (issue 32, bug 11).
import { useEffect, useState, type ComponentType, type SVGProps } from 'react';
import { countryName } from './link-detail-api';

type FlagSvg = ComponentType<SVGProps<SVGSVGElement> & { title?: string }>;
type Flags = Record<string, FlagSvg | undefined>;

let flags: Flags | undefined;
let loading: Promise<Flags> | undefined;
const loadFlags = () => {
  loading ??= import('country-flag-icons/react/3x2').then((m) => {
    flags = m as unknown as Flags;
    return flags;
  });
  return loading;
};

/**
 * `code`'s flag (ISO 3166-1 alpha-2). `named`: the flag says the country's name to screen readers
 * (where the name is not written beside it); otherwise it is decoration.
 */
export function CountryFlag({ code, named = false }: { code: string; named?: boolean }) {
  const [loaded, setLoaded] = useState(flags);
  useEffect(() => {
    if (!loaded) loadFlags().then(setLoaded, () => undefined);
  }, [loaded]);
  const Svg = /^[A-Z]{2}$/.test(code) ? loaded?.[code] : undefined;
  const a11y = named ? { role: 'img', 'aria-label': countryName(code) } : { 'aria-hidden': true as const };
  // The same box before the chunk arrives (and for a code without a flag), so nothing moves.
  if (!Svg) return <span className="flag flag-blank" {...a11y} />;
  return <Svg className="flag" focusable="false" {...a11y} />;
}
