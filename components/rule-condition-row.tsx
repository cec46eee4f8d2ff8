'use client';
// One condition of a routing rule in the link dialog: its type, "is" or "is not", and the inputs
// of that type (a list, device chips, a query parameter, a time window); the server's message about
// it shown beneath, naming the value at fault.
import { Icon } from './icons';
import {
  type ConditionDraft,
  type ConditionType,
  DAYS,
  DAY_NAMES,
  DEVICES,
  DEVICE_TYPES,
  LISTS,
  type Problem,
  type QueryOp,
  TYPES,
  WEEKDAYS,
  sentence,
  splitList,
  timeZones,
} from './rule-drafts';
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

export function ConditionRow({ condition: c, first, label, rule, ids, problem, removable, onChange, onRemove }: ConditionRowProps) {
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
