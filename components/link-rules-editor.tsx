'use client';
// The link dialog's "Routing rules" section (docs/guide/smart-links.md): an ordered list of rules,
// each "If <condition> and <condition> … → go to <URL>"; the first rule whose conditions all hold
// sends the visitor to its URL. The drafts and their conversion are rule-drafts.ts's, one condition's
// inputs rule-condition-row.tsx's; the API's 400 ("Invalid rules: rules[2].conditions[0].values[1]:
// …", details["rules[0].url"]) is shown at the rule and condition it names.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { StoredRule } from '@/lib/link-rules/rule-schema';
import { Icon } from './icons';
import { ConditionRow } from './rule-condition-row';
import {
  type ConditionDraft,
  MAX_CONDITIONS,
  MAX_RULES,
  type Problem,
  type RuleDraft,
  blankCondition,
  blankRule,
  locate,
  rulesBody,
  sentence,
  toDrafts,
} from './rule-drafts';

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

interface LinkRulesEditorProps {
  form: LinkRulesForm;
  /** The dialog's field errors from the API: `rules` and `rules[N].url` are shown here. */
  fields: Record<string, string>;
  /** The link has an A/B test (on in the dialog): a rule may send its visitors into it. */
  abTest?: boolean;
}

export function LinkRulesEditor({ form, fields, abTest = false }: LinkRulesEditorProps) {
  const id = useId();
  const root = useRef<HTMLDetailsElement>(null);
  const { drafts, setDrafts } = form;
  const [open, setOpen] = useState(false);
  // After an add, move or remove: the control to focus once rendered (its id).
  const [focus, setFocus] = useState<string | null>(null);
  const problem = locate(fields.rules);
  // The API names rules by their place at the save; moving rules afterwards must not move the
  // errors to other rules: each error stays with the rule (its key) that had that place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order as it was when this answer came
  const savedOrder = useMemo(() => drafts.map((r) => r.key), [fields]);
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
    <details ref={root} className="link-rules routing-rules" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
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
              const at = savedOrder.indexOf(rule.key);
              const urlError = at < 0 ? undefined : (fields[`rules[${at}].url`] ?? fields[`rules[${at}].ab_test`]);
              const ruleProblem = problem && problem.rule === at && problem.condition === undefined && problem.field !== 'url' ? problem : null;
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
                          <Icon name="chevronUp" size={16} />
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
                          <Icon name="chevronDown" size={16} />
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
                          problem={problem && problem.rule === at && problem.condition === j ? problem : null}
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
                      {abTest || rule.toTest ? (
                        <select
                          className="rule-destination"
                          aria-label={`Rule ${n}: destination`}
                          value={rule.toTest ? 'test' : 'url'}
                          onChange={(e) => updateRule(i, { toTest: e.target.value === 'test' })}
                        >
                          <option value="url">a URL</option>
                          <option value="test">the A/B test</option>
                        </select>
                      ) : null}
                      <div className="rule-url">
                        {rule.toTest ? null : (
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
                        )}
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
