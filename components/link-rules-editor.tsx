'use client';
// The link dialog's "Routing rules" section (docs/guide/smart-links.md): an ordered list of rules,
// each "If <condition> and <condition> … → go to <URL>"; the first rule whose conditions all hold
// sends the visitor to its URL. The drafts are what the inputs hold (comma-separated values, local
// date-times); value() turns them into the API's `rules` (lib/link-rules/rule-schema.ts), whose 400
// ("Invalid rules: rules[2].conditions[0].values[1]: …", details["rules[0].url"]) is shown at the
// rule and condition it names. The limits and lists mirror rule-schema.ts, which the browser cannot
// import (it checks addresses with node:net).
import { useEffect, useId, useRef, useState } from 'react';
import type { StoredRule, TCondition } from '@/lib/link-rules/rule-schema';
import { Icon } from './icons';
import { withScheme } from './with-scheme';

const MAX_RULES = 20;
const MAX_CONDITIONS = 10;
const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'console', 'smarttv', 'wearable', 'embedded'] as const;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type ConditionType = TCondition['type'];
type QueryOp = 'equals' | 'present' | 'absent';

const TYPES: { value: ConditionType; label: string }[] = [
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
const LISTS: Partial<Record<ConditionType, { name: string; placeholder: string; hint: string }>> = {
  country: { name: 'countries', placeholder: 'US, DE', hint: 'Two-letter country codes, separated by commas.' },
  region: { name: 'regions', placeholder: 'England, California', hint: 'Region names, separated by commas.' },
  city: { name: 'cities', placeholder: 'Paris, Montreal', hint: 'City names, separated by commas.' },
  os: { name: 'operating systems', placeholder: 'iOS, Android', hint: 'iOS, Android, Windows, macOS, Linux, Chrome OS…' },
  browser: { name: 'browsers', placeholder: 'Chrome, Safari', hint: 'Chrome, Safari, Firefox, Edge… (Chrome covers Chrome on phones).' },
  language: { name: 'languages', placeholder: 'fr, pt-BR', hint: "The visitor's preferred language: fr matches fr-CH too." },
  ip: { name: 'IP addresses', placeholder: '203.0.113.0/24, 2001:db8::1', hint: 'Addresses or CIDR ranges, IPv4 or IPv6, separated by commas.' },
};
const DEVICES: Record<(typeof DEVICE_TYPES)[number], string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  console: 'Console',
  smarttv: 'Smart TV',
  wearable: 'Wearable',
  embedded: 'Embedded',
};
const DAYS: Record<(typeof WEEKDAYS)[number], string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
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
  conditions: ConditionDraft[];
}

let keys = 0;
const newKey = () => `k${++keys}`;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function blankCondition(type: ConditionType = 'country'): ConditionDraft {
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

const blankRule = (): RuleDraft => ({ key: newKey(), name: '', url: '', conditions: [blankCondition()] });

/** An instant as a datetime-local value on the clock of `timeZone`. */
function wallClock(ms: number, timeZone: string): string {
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
function zonedToIso(local: string, timeZone: string): string {
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

function isoToZoned(iso: string | undefined, timeZone: string): string {
  if (!iso) return '';
  try {
    return wallClock(Date.parse(iso), timeZone);
  } catch {
    return wallClock(Date.parse(iso), 'UTC');
  }
}

function toDraft(c: TCondition): ConditionDraft {
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
    url: r.url,
    conditions: r.conditions.map(toDraft),
  }));
}

const splitList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function conditionBody(c: ConditionDraft): Record<string, unknown> {
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
    url: withScheme(r.url),
  }));
}

export interface LinkRulesForm {
  drafts: RuleDraft[];
  setDrafts: (update: (drafts: RuleDraft[]) => RuleDraft[]) => void;
  /** The `rules` to send. */
  value(): Record<string, unknown>[];
  /** Whether the rules differ from the ones the dialog opened with. */
  changed(): boolean;
}

/** The dialog's rules state: `initial` the link's (or the duplicated link's) rules. */
export function useLinkRules(initial: readonly StoredRule[] | undefined, keepIds: boolean): LinkRulesForm {
  const [drafts, setDrafts] = useState(() => toDrafts(initial, keepIds));
  const [start] = useState(() => JSON.stringify(rulesBody(drafts)));
  return {
    drafts,
    setDrafts,
    value: () => rulesBody(drafts),
    changed: () => JSON.stringify(rulesBody(drafts)) !== start,
  };
}

/** Where a `details.rules` message points: "Invalid rules: rules[2].conditions[0].values[1]: a country is …". */
interface Problem {
  rule: number;
  condition?: number;
  field?: string;
  index?: number;
  message: string;
}

function locate(text: string | undefined): Problem | null {
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

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

let zones: string[] | null = null;
function timeZones(current: string): string[] {
  zones ??= (() => {
    try {
      return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
    } catch {
      return ['UTC'];
    }
  })();
  return zones.includes(current) ? zones : [current, ...zones];
}

interface LinkRulesEditorProps {
  form: LinkRulesForm;
  /** The dialog's field errors from the API: `rules` and `rules[N].url` are shown here. */
  fields: Record<string, string>;
}

export function LinkRulesEditor({ form, fields }: LinkRulesEditorProps) {
  const id = useId();
  const root = useRef<HTMLDetailsElement>(null);
  const { drafts, setDrafts } = form;
  const [open, setOpen] = useState(false);
  // After an add, move or remove: the control to focus once rendered (its id).
  const [focus, setFocus] = useState<string | null>(null);
  const problem = locate(fields.rules);
  const hasErrors = Object.keys(fields).some((k) => k === 'rules' || k.startsWith('rules['));
  const control = (rule: number, condition: number | null, field: string) =>
    `${id}-r${rule}${condition === null ? '' : `-c${condition}`}-${field}`.replace(/:/g, '');

  // A refused save opens the section and puts the cursor on the control at fault (unless the dialog
  // has put it on another field: the API named more than the rules).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer from the API (a new `fields`), not per keystroke
  useEffect(() => {
    if (!hasErrors) return;
    setOpen(true);
    if (Object.keys(fields).some((k) => k !== 'rules' && !k.startsWith('rules['))) return;
    const url = Object.keys(fields).find((k) => /^rules\[\d+\]\.url$/.test(k));
    if (url) setFocus(control(Number(/\d+/.exec(url)![0]), null, 'url'));
    else if (problem) setFocus(problemControl(problem));
    else setFocus(`${id}-add`.replace(/:/g, ''));
  }, [fields]);

  useEffect(() => {
    if (!focus || !open) return;
    root.current?.querySelector<HTMLElement>(`#${CSS.escape(focus)}`)?.focus();
    setFocus(null);
  }, [focus, open]);

  function problemControl(p: Problem): string {
    if (p.condition === undefined) return control(p.rule, null, p.field === 'url' ? 'url' : p.field === 'name' ? 'name' : 'add');
    const c = drafts[p.rule]?.conditions[p.condition];
    const field =
      c?.type === 'query'
        ? p.field === 'value'
          ? 'value'
          : p.field === 'op'
            ? 'op'
            : 'key'
        : c?.type === 'time'
          ? (['after', 'before', 'from', 'to', 'timezone'].find((f) => f === p.field) ?? (p.field === 'days' ? 'day-mon' : 'after'))
          : c?.type === 'device'
            ? 'device-desktop'
            : c?.type === 'bot'
              ? 'type'
              : 'values';
    return control(p.rule, p.condition, field);
  }

  const updateRule = (i: number, change: Partial<RuleDraft>) => setDrafts((rs) => rs.map((r, k) => (k === i ? { ...r, ...change } : r)));
  const updateCondition = (i: number, j: number, change: Partial<ConditionDraft>) =>
    setDrafts((rs) => rs.map((r, k) => (k === i ? { ...r, conditions: r.conditions.map((c, l) => (l === j ? { ...c, ...change } : c)) } : r)));
  function addRule() {
    setDrafts((rs) => [...rs, blankRule()]);
    setFocus(control(drafts.length, 0, 'type'));
  }
  function move(i: number, by: -1 | 1) {
    const to = i + by;
    setDrafts((rs) => {
      const next = [...rs];
      [next[i], next[to]] = [next[to], next[i]];
      return next;
    });
    // The same button on the moved rule, or the other one once it reaches an end.
    const atEnd = to === 0 || to === drafts.length - 1;
    setFocus(control(to, null, atEnd ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'));
  }
  function removeRule(i: number) {
    setDrafts((rs) => rs.filter((_, k) => k !== i));
    setFocus(drafts.length > 1 ? control(Math.min(i, drafts.length - 2), null, 'name') : `${id}-add`.replace(/:/g, ''));
  }
  function addCondition(i: number) {
    setDrafts((rs) => rs.map((r, k) => (k === i ? { ...r, conditions: [...r.conditions, blankCondition()] } : r)));
    setFocus(control(i, drafts[i].conditions.length, 'type'));
  }
  function removeCondition(i: number, j: number) {
    setDrafts((rs) => rs.map((r, k) => (k === i ? { ...r, conditions: r.conditions.filter((_, l) => l !== j) } : r)));
    setFocus(control(i, Math.min(j, drafts[i].conditions.length - 2), 'type'));
  }

  const general = fields.rules && !problem ? sentence(fields.rules.replace(/^Invalid rules: /, '')) : null;

  return (
    <details ref={root} className="link-rules" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Routing rules
        {drafts.length > 0 ? (
          <span className="rules-count">
            {drafts.length}
            <span className="sr-only"> {drafts.length === 1 ? 'rule' : 'rules'}</span>
          </span>
        ) : null}{' '}
        <span className="hint">(optional) send visitors elsewhere by country, device, time…</span>
      </summary>
      <div className="link-rules-body">
        <p className="hint">
          Checked in order, <strong>first match wins</strong>: a visitor goes to the URL of the first rule whose conditions all hold, or else to the destination
          URL above.
        </p>
        {drafts.length > 0 ? (
          <ol className="rule-list">
            {drafts.map((rule, i) => {
              const n = i + 1;
              const urlError = fields[`rules[${i}].url`];
              const ruleProblem = problem && problem.rule === i && problem.condition === undefined && problem.field !== 'url' ? problem : null;
              return (
                <li key={rule.key}>
                  <div className="rule-card" role="group" aria-labelledby={control(i, null, 'title')} data-testid="rule-card">
                    <div className="rule-head">
                      <span className="rule-title" id={control(i, null, 'title')}>
                        Rule {n}
                      </span>
                      <input
                        id={control(i, null, 'name')}
                        className="rule-name"
                        aria-label={`Rule ${n} name`}
                        autoComplete="off"
                        maxLength={80}
                        placeholder="Name (optional)"
                        value={rule.name}
                        onChange={(e) => updateRule(i, { name: e.target.value })}
                      />
                      <div className="rule-actions">
                        <button
                          type="button"
                          id={control(i, null, 'up')}
                          className="icon-button"
                          aria-label={`Move rule ${n} up`}
                          title="Move up"
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                        >
                          <Chevron up />
                        </button>
                        <button
                          type="button"
                          id={control(i, null, 'down')}
                          className="icon-button"
                          aria-label={`Move rule ${n} down`}
                          title="Move down"
                          disabled={i === drafts.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <Chevron />
                        </button>
                        <button type="button" className="icon-button" aria-label={`Remove rule ${n}`} title="Remove rule" onClick={() => removeRule(i)}>
                          <Icon name="close" size={16} />
                        </button>
                      </div>
                    </div>
                    {ruleProblem ? (
                      <p className="field-error rule-error" id={control(i, null, 'error')}>
                        {sentence(ruleProblem.message)}
                      </p>
                    ) : null}
                    <ul className="rule-conditions">
                      {rule.conditions.map((c, j) => (
                        <ConditionRow
                          key={c.key}
                          condition={c}
                          first={j === 0}
                          label={`Condition ${j + 1}`}
                          rule={n}
                          ids={(field) => control(i, j, field)}
                          problem={problem && problem.rule === i && problem.condition === j ? problem : null}
                          removable={rule.conditions.length > 1}
                          onChange={(change) => updateCondition(i, j, change)}
                          onRemove={() => removeCondition(i, j)}
                        />
                      ))}
                    </ul>
                    <div className="rule-add-condition">
                      <button
                        type="button"
                        id={control(i, null, 'add')}
                        className="secondary small with-icon"
                        aria-label={`Add condition to rule ${n}`}
                        disabled={rule.conditions.length >= MAX_CONDITIONS}
                        onClick={() => addCondition(i)}
                      >
                        <Icon name="plus" size={14} /> Add condition
                      </button>
                      {rule.conditions.length >= MAX_CONDITIONS ? <span className="hint">{MAX_CONDITIONS} conditions at most.</span> : null}
                    </div>
                    <div className="rule-then">
                      <span className="rule-join" aria-hidden="true">
                        Go to
                      </span>
                      <div className="rule-url">
                        <input
                          id={control(i, null, 'url')}
                          type="text"
                          inputMode="url"
                          autoComplete="off"
                          spellCheck={false}
                          aria-label={`Rule ${n}: go to URL`}
                          placeholder="example.com/for-these-visitors"
                          value={rule.url}
                          onChange={(e) => updateRule(i, { url: e.target.value })}
                          aria-invalid={Boolean(urlError)}
                          aria-describedby={urlError ? control(i, null, 'url-error') : undefined}
                        />
                        {urlError ? (
                          <span className="field-error" id={control(i, null, 'url-error')}>
                            {urlError}
                          </span>
                        ) : null}
                      </div>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
        {general ? (
          <p className="field-error rule-error" role="alert">
            {general}
          </p>
        ) : null}
        <div className="rule-footer">
          <button
            type="button"
            id={`${id}-add`.replace(/:/g, '')}
            className="secondary small with-icon"
            disabled={drafts.length >= MAX_RULES}
            onClick={addRule}
          >
            <Icon name="plus" size={14} /> Add rule
          </button>
          {drafts.length > 0 ? (
            <span className="hint">
              {drafts.length} of {MAX_RULES} rules
            </span>
          ) : null}
        </div>
      </div>
    </details>
  );
}

interface ConditionRowProps {
  condition: ConditionDraft;
  first: boolean;
  /** "Condition 2": the start of its controls' names. */
  label: string;
  rule: number;
  ids: (field: string) => string;
  problem: Problem | null;
  removable: boolean;
  onChange: (change: Partial<ConditionDraft>) => void;
  onRemove: () => void;
}

function ConditionRow({ condition: c, first, label, rule, ids, problem, removable, onChange, onRemove }: ConditionRowProps) {
  const list = LISTS[c.type];
  const errorId = ids('error');
  // The message, with the value it is about when it names one ("Germany": a country is …).
  const offending = problem?.field === 'values' && problem.index !== undefined && list ? splitList(c.values)[problem.index] : undefined;
  const message = problem ? (offending ? `“${offending}”: ${problem.message}` : sentence(problem.message)) : null;
  const invalid = (field?: string) => ({
    'aria-invalid': Boolean(problem && (field === undefined || problem.field === field || problem.field === undefined)),
    'aria-describedby': problem ? errorId : undefined,
  });
  const name = `${label} of rule ${rule}`;
  const wide = c.type === 'time' || c.type === 'query' || c.type === 'device';

  return (
    <li className={`rule-condition${wide ? ' wide' : ''}`}>
      <span className="rule-join" aria-hidden="true">
        {first ? 'If' : 'And'}
      </span>
      <select
        id={ids('type')}
        className="rule-type"
        aria-label={`${name}: type`}
        value={c.type}
        onChange={(e) => onChange({ type: e.target.value as ConditionType })}
      >
        {TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <div className="rule-test">
        <select
          className="rule-not"
          aria-label={`${name}: is or is not`}
          value={c.not ? 'not' : 'is'}
          onChange={(e) => onChange({ not: e.target.value === 'not' })}
        >
          <option value="is">{c.type === 'bot' ? 'yes' : 'is'}</option>
          <option value="not">{c.type === 'bot' ? 'no' : 'is not'}</option>
        </select>
        <div className="rule-value">
          {list ? (
            <input
              id={ids('values')}
              autoComplete="off"
              spellCheck={false}
              aria-label={`${name}: ${list.name}`}
              placeholder={list.placeholder}
              value={c.values}
              onChange={(e) => onChange({ values: e.target.value })}
              {...invalid('values')}
              aria-describedby={[ids('hint'), problem ? errorId : null].filter(Boolean).join(' ')}
            />
          ) : c.type === 'device' ? (
            <div className="rule-chips" role="group" aria-label={`${name}: devices`}>
              {DEVICE_TYPES.map((d) => (
                <label key={d} className="rule-chip">
                  <input
                    type="checkbox"
                    id={ids(`device-${d}`)}
                    checked={c.devices.includes(d)}
                    onChange={(e) => onChange({ devices: e.target.checked ? [...c.devices, d] : c.devices.filter((x) => x !== d) })}
                    {...invalid('values')}
                  />
                  <Icon name="check" size={12} />
                  {DEVICES[d]}
                </label>
              ))}
            </div>
          ) : c.type === 'query' ? (
            <div className="rule-query">
              <input
                id={ids('key')}
                autoComplete="off"
                spellCheck={false}
                aria-label={`${name}: parameter name`}
                placeholder="utm_source"
                value={c.queryKey}
                onChange={(e) => onChange({ queryKey: e.target.value })}
                {...invalid('key')}
              />
              <select id={ids('op')} aria-label={`${name}: comparison`} value={c.op} onChange={(e) => onChange({ op: e.target.value as QueryOp })}>
                <option value="equals">equals</option>
                <option value="present">is present</option>
                <option value="absent">is absent</option>
              </select>
              {c.op === 'equals' ? (
                <input
                  id={ids('value')}
                  autoComplete="off"
                  spellCheck={false}
                  aria-label={`${name}: parameter value`}
                  placeholder="newsletter"
                  value={c.value}
                  onChange={(e) => onChange({ value: e.target.value })}
                  {...invalid('value')}
                />
              ) : null}
            </div>
          ) : c.type === 'time' ? (
            <TimeFields condition={c} ids={ids} invalid={invalid} onChange={onChange} />
          ) : (
            <span className="hint rule-bot-hint">Search engines and link-preview crawlers (Slack, X, LinkedIn…).</span>
          )}
        </div>
        {list ? (
          <span className="hint rule-hint" id={ids('hint')}>
            {list.hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button rule-remove"
        aria-label={`Remove ${label.toLowerCase()} of rule ${rule}`}
        title={removable ? 'Remove condition' : 'A rule needs a condition'}
        disabled={!removable}
        onClick={onRemove}
      >
        <Icon name="close" size={14} />
      </button>
      {message ? (
        <p className="field-error rule-error" id={errorId}>
          {message}
        </p>
      ) : null}
    </li>
  );
}

interface TimeFieldsProps {
  condition: ConditionDraft;
  ids: (field: string) => string;
  invalid: (field?: string) => { 'aria-invalid': boolean; 'aria-describedby': string | undefined };
  onChange: (change: Partial<ConditionDraft>) => void;
}

function TimeFields({ condition: c, ids, invalid, onChange }: TimeFieldsProps) {
  return (
    <div className="rule-time">
      <div className="rule-time-field">
        <label htmlFor={ids('after')}>After</label>
        <input id={ids('after')} type="datetime-local" value={c.after} onChange={(e) => onChange({ after: e.target.value })} {...invalid('after')} />
      </div>
      <div className="rule-time-field">
        <label htmlFor={ids('before')}>Before</label>
        <input id={ids('before')} type="datetime-local" value={c.before} onChange={(e) => onChange({ before: e.target.value })} {...invalid('before')} />
      </div>
      <div className="rule-days" role="group" aria-labelledby={ids('days-label')}>
        <span className="rule-field-label" id={ids('days-label')}>
          Days
        </span>
        <div className="rule-chips">
          {WEEKDAYS.map((d) => (
            <label key={d} className="rule-chip" title={DAY_NAMES[d]}>
              <input
                type="checkbox"
                id={ids(`day-${d}`)}
                aria-label={DAY_NAMES[d]}
                checked={c.days.includes(d)}
                onChange={(e) => onChange({ days: e.target.checked ? [...c.days, d] : c.days.filter((x) => x !== d) })}
              />
              <Icon name="check" size={12} />
              <span aria-hidden="true">{DAYS[d]}</span>
            </label>
          ))}
        </div>
      </div>
      <div className="rule-time-field">
        <label htmlFor={ids('from')}>From</label>
        <input id={ids('from')} type="time" value={c.from} onChange={(e) => onChange({ from: e.target.value })} {...invalid('from')} />
      </div>
      <div className="rule-time-field">
        <label htmlFor={ids('to')}>To</label>
        <input id={ids('to')} type="time" value={c.to} onChange={(e) => onChange({ to: e.target.value })} {...invalid('to')} />
      </div>
      <div className="rule-time-field rule-zone">
        <label htmlFor={ids('timezone')}>Time zone</label>
        <select id={ids('timezone')} value={c.timezone} onChange={(e) => onChange({ timezone: e.target.value })} {...invalid('timezone')}>
          {timeZones(c.timezone).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>
      <span className="hint rule-time-hint">Fill in any of these: all that are set must hold. Dates, days and hours are read in the time zone.</span>
    </div>
  );
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </svg>
  );
}
