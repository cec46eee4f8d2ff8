// The routing rules' drafts (what the link dialog's inputs hold: comma-separated values, local
// date-times in the condition's time zone) and their conversion to and from the API's `rules`
// (lib/link-rules/rule-schema.ts), and where a `details.rules` message points. The limits and lists
// mirror rule-schema.ts, which the browser cannot import (it checks addresses with node:net).
import type { StoredRule, TCondition } from '@/lib/link-rules/rule-schema';
import { withScheme } from '@/lib/links/with-scheme';

export const MAX_RULES = 20;
export const MAX_CONDITIONS = 10;
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'console', 'smarttv', 'wearable', 'embedded'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ConditionType = TCondition['type'];
export type QueryOp = 'equals' | 'present' | 'absent';

export const TYPES: { value: ConditionType; label: string }[] = [
  { value: 'country', label: 'Country' },
  { value: 'region', label: 'Region' },
  { value: 'city', label: 'City' },
  { value: 'device', label: 'Device' },
  { value: 'os', label: 'Operating system' },
  { value: 'browser', label: 'Browser' },
  { value: 'language', label: 'Language' },
  { value: 'query', label: 'Query parameter' },
  { value: 'ip', label: 'IP address' },
  { value: 'time', label: 'Time' },
  { value: 'bot', label: 'Is a bot' },
];

/** The list types: one text input of comma-separated values. */
export const LISTS: Partial<Record<ConditionType, { name: string; placeholder: string; hint: string }>> = {
  country: { name: 'countries', placeholder: 'US, DE', hint: 'Two-letter country codes, separated by commas.' },
  region: { name: 'regions', placeholder: 'England, California', hint: 'Region names, separated by commas.' },
  city: { name: 'cities', placeholder: 'Paris, Montreal', hint: 'City names, separated by commas.' },
  os: { name: 'operating systems', placeholder: 'iOS, Android', hint: 'iOS, Android, Windows, macOS, Linux, Chrome OS…' },
  browser: { name: 'browsers', placeholder: 'Chrome, Safari', hint: 'Chrome, Safari, Firefox, Edge… (Chrome covers Chrome on phones).' },
  language: { name: 'languages', placeholder: 'fr, pt-BR', hint: "The visitor's preferred language: fr matches fr-CH too." },
  ip: { name: 'IP addresses', placeholder: '203.0.113.0/24, 2001:db8::1', hint: 'Addresses or CIDR ranges, IPv4 or IPv6, separated by commas.' },
};
export const DEVICES: Record<(typeof DEVICE_TYPES)[number], string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  console: 'Console',
  smarttv: 'Smart TV',
  wearable: 'Wearable',
  embedded: 'Embedded',
};
export const DAYS: Record<(typeof WEEKDAYS)[number], string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
export const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A condition as its inputs hold it; the fields of the other types are kept while the type changes. */
export interface ConditionDraft {
  key: string;
  type: ConditionType;
  not: boolean;
  /** The list types' values, as typed ("US, DE"). */
  values: string;
  devices: string[];
  queryKey: string;
  op: QueryOp;
  value: string;
  /** datetime-local values in `timezone`. */
  after: string;
  before: string;
  days: string[];
  from: string;
  to: string;
  timezone: string;
}

export interface RuleDraft {
  key: string;
  /** A saved rule's id, kept across edits (its clicks refer to it). */
  id?: string;
  name: string;
  url: string;
  /** The rule sends its visitors into the link's A/B test instead of to url. */
  toTest: boolean;
  conditions: ConditionDraft[];
}

export let keys = 0;
export const newKey = () => `k${++keys}`;
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function blankCondition(type: ConditionType = 'country'): ConditionDraft {
  return {
    key: newKey(),
    type,
    not: false,
    values: '',
    devices: [],
    queryKey: '',
    op: 'equals',
    value: '',
    after: '',
    before: '',
    days: [],
    from: '',
    to: '',
    timezone: browserZone(),
  };
}

export const blankRule = (): RuleDraft => ({ key: newKey(), name: '', url: '', toTest: false, conditions: [blankCondition()] });

/** An instant as a datetime-local value on the clock of `timeZone`. */
export function wallClock(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A datetime-local value read on the clock of `timeZone`, as an ISO instant (UTC). */
export function zonedToIso(local: string, timeZone: string): string {
  const target = Date.parse(`${local}:00Z`);
  if (Number.isNaN(target)) return local;
  let ms = target;
  try {
    // The zone's offset at that moment, corrected once more across a DST change.
    for (let i = 0; i < 2; i++) ms += target - Date.parse(`${wallClock(ms, timeZone)}:00Z`);
  } catch {
    ms = target;
  }
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function isoToZoned(iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  try {
    return wallClock(Date.parse(iso), timeZone);
  } catch {
    return wallClock(Date.parse(iso), 'UTC');
  }
}

export function toDraft(c: TCondition): ConditionDraft {
  const d = { ...blankCondition(c.type), not: Boolean(c.not) };
  if (c.type === 'device') return { ...d, devices: [...c.values] };
  if (c.type === 'query') return { ...d, queryKey: c.key, op: c.op, value: c.value ?? '' };
  if (c.type === 'time') {
    const timezone = c.timezone ?? 'UTC';
    return {
      ...d,
      timezone,
      after: isoToZoned(c.after, timezone),
      before: isoToZoned(c.before, timezone),
      days: [...(c.days ?? [])],
      from: c.from ?? '',
      to: c.to ?? '',
    };
  }
  if (c.type === 'bot') return d;
  return { ...d, values: c.values.join(', ') };
}

/** Saved rules as drafts; `keepIds` false for a duplicate (a new link's rules get new ids). */
export function toDrafts(rules: readonly StoredRule[] | undefined, keepIds: boolean): RuleDraft[] {
  return (rules ?? []).map((r) => ({
    key: newKey(),
    ...(keepIds && r.id ? { id: r.id } : {}),
    name: r.name ?? '',
    url: r.url ?? '',
    toTest: r.ab_test === true,
    conditions: r.conditions.map(toDraft),
  }));
}

export const splitList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function conditionBody(c: ConditionDraft): Record<string, unknown> {
  const not = c.not ? { not: true } : {};
  switch (c.type) {
    case 'device':
      return { type: c.type, values: DEVICE_TYPES.filter((d) => c.devices.includes(d)), ...not };
    case 'query':
      return { type: c.type, key: c.queryKey.trim(), op: c.op, ...(c.op === 'equals' ? { value: c.value } : {}), ...not };
    case 'time':
      return {
        type: c.type,
        ...(c.after ? { after: zonedToIso(c.after, c.timezone) } : {}),
        ...(c.before ? { before: zonedToIso(c.before, c.timezone) } : {}),
        ...(c.days.length ? { days: WEEKDAYS.filter((d) => c.days.includes(d)) } : {}),
        ...(c.from ? { from: c.from } : {}),
        ...(c.to ? { to: c.to } : {}),
        timezone: c.timezone,
        ...not,
      };
    case 'bot':
      return { type: c.type, ...not };
    default:
      return { type: c.type, values: splitList(c.values), ...not };
  }
}

/** The drafts as the API's `rules`, in order (every draft is sent, so the API's rules[i] is the i-th card). */
export function rulesBody(drafts: readonly RuleDraft[]): Record<string, unknown>[] {
  return drafts.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    ...(r.name.trim() ? { name: r.name.trim() } : {}),
    conditions: r.conditions.map(conditionBody),
    ...(r.toTest ? { ab_test: true } : { url: withScheme(r.url) }),
  }));
}

export interface Problem {
  rule: number;
  condition?: number;
  field?: string;
  index?: number;
  message: string;
}

export function locate(text: string | undefined): Problem | null {
  const m = text ? /^Invalid rules: rules\[(\d+)\](?:\.conditions\[(\d+)\])?(?:\.([A-Za-z_]+))?(?:\[(\d+)\])?: (.*)$/s.exec(text) : null;
  if (!m) return null;
  return {
    rule: Number(m[1]),
    condition: m[2] === undefined ? undefined : Number(m[2]),
    field: m[3],
    index: m[4] === undefined ? undefined : Number(m[4]),
    message: m[5],
  };
}

export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

let zones: string[] | null = null;
export function timeZones(current: string): string[] {
  zones ??= (() => {
    try {
      return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
    } catch {
      return ['UTC'];
    }
  })();
  return zones.includes(current) ? zones : [current, ...zones];
}
