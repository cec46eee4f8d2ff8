'use client';
// The analytics page's filters (a country, a device, a link…): one value per dimension, named as the stats
// API's parameters and kept in the address bar (/analytics?country=GB&device=mobile), so a reload or
// a shared URL shows the same narrowed view; shown as removable chips above the numbers.
import type { ReactNode } from 'react';
import { CountryFlag } from './country-flag';
import { countryName } from './link-detail-api';

export const FILTERS = {
  country: { panel: 'countries', title: 'Country' },
  device: { panel: 'devices', title: 'Device' },
  browser: { panel: 'browsers', title: 'Browser' },
  os: { panel: 'operating_systems', title: 'OS' },
  referrer: { panel: 'referrers', title: 'Referrer' },
  trigger: { panel: 'triggers', title: 'Trigger' },
  link_id: { panel: 'links', title: 'Link' },
  // A property of the link, chosen from the workspace's tags above the panels (no panel of its own).
  tag: { panel: 'tags', title: 'Tag' },
  // Properties of the link too (its destination's UTM values): the tabs of the UTM panel.
  utm_source: { panel: 'utm_source', title: 'UTM source' },
  utm_medium: { panel: 'utm_medium', title: 'UTM medium' },
  utm_campaign: { panel: 'utm_campaign', title: 'UTM campaign' },
} as const;
export type FilterName = keyof typeof FILTERS;
export type Filters = Partial<Record<FilterName, string>>;

const NAMES = Object.keys(FILTERS) as FilterName[];
const SPECIAL: Record<string, string> = { '(unknown)': 'Unknown', '(other)': 'Other', '(direct)': 'Direct or none', '(none)': 'None' };
const TRIGGERS: Record<string, string> = { link: 'Link', qr: 'QR code' };
const capitalized = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

/** How a breakdown value reads: a country's flag and name, "QR code", "Mobile", "Direct or none". */
export function valueLabel(name: FilterName | undefined, value: string, linkCodes: LinkCodes = {}): ReactNode {
  if (SPECIAL[value]) return SPECIAL[value];
  if (name === 'link_id' || name === 'tag') return valueText(name, value, linkCodes);
  if (name === 'country') {
    return (
      <>
        <CountryFlag code={value} />
        {countryName(value)}
      </>
    );
  }
  if (name === 'device') return capitalized(value);
  if (name === 'trigger') return TRIGGERS[value] ?? value;
  return value;
}

/** The same in plain words, for names and titles. */
function valueText(name: FilterName, value: string, linkCodes: LinkCodes = {}): string {
  if (SPECIAL[value]) return SPECIAL[value];
  if (name === 'link_id') return linkCodes[value] ? `/${linkCodes[value]}` : `#${value}`;
  if (name === 'tag') return `#${value}`;
  if (name === 'country') return countryName(value);
  if (name === 'device') return capitalized(value);
  if (name === 'trigger') return TRIGGERS[value] ?? value;
  return value;
}

/** The filters in the address; `utm: false` leaves the UTM ones out (a public stats page takes none). */
export function readFilters(params: { get(name: string): string | null }, { utm = true } = {}): Filters {
  const filters: Filters = {};
  for (const name of NAMES) {
    if (!utm && name.startsWith('utm_')) continue;
    const value = params.get(name);
    if (value) filters[name] = value.slice(0, 200);
  }
  return filters;
}

/** `params` with the filters' parameters replaced by `filters`. */
export function withFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of NAMES) {
    next.delete(name);
    if (filters[name]) next.set(name, filters[name]);
  }
  return next;
}

/** A link filter's value is the link's id; its chip and rows show the short code when known. */
export type LinkCodes = Record<string, string>;

export function FilterChips({ filters, onChange, linkCodes = {} }: { filters: Filters; onChange: (filters: Filters) => void; linkCodes?: LinkCodes }) {
  const set = NAMES.filter((name) => filters[name]);
  if (set.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filters">
      <ul>
        {set.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="secondary small"
              aria-label={`Remove the filter ${FILTERS[name].title}: ${valueText(name, filters[name]!, linkCodes)}`}
              onClick={() => onChange({ ...filters, [name]: undefined })}
            >
              <span className="muted">{FILTERS[name].title}</span> {valueLabel(name, filters[name]!, linkCodes)} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {set.length > 1 ? (
        <button type="button" className="secondary small" onClick={() => onChange({})}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/** The title of a breakdown row that filters: what a click on it does. */
export function filterTitle(name: FilterName, value: string, active: boolean, linkCodes: LinkCodes = {}): string {
  const text = valueText(name, value, linkCodes);
  return active ? `Remove the filter ${FILTERS[name].title}: ${text}` : `Show only clicks with ${FILTERS[name].title}: ${text}`;
}
