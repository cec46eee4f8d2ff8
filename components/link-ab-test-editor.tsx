'use client';
// The link dialog's "A/B test" section (docs/guide/smart-links.md, "A/B tests"): 2 to 10 variants,
// each a destination URL and a weight in percent, split as a coloured bar; an optional end (a date,
// a number of clicks) and how the winner is picked. A test that has ended is shown read-only with
// its winner until a new one starts. The drafts and their conversion are ab-test-drafts.ts's.
import { useEffect, useId, useRef, useState } from 'react';
import type { StoredAbTest } from '@/lib/link-rules/ab-test-schema';
import {
  MAX_VARIANTS,
  MIN_VARIANTS,
  type TestDraft,
  type VariantDraft,
  addVariant,
  blankTest,
  letter,
  removeVariant,
  splitEvenly,
  testBody,
  testErrors,
  testProblems,
  toTestDraft,
  totalWeight,
  weightsMessage,
} from './ab-test-drafts';
import { AbTestEndFields } from './ab-test-end-fields';
import { Icon } from './icons';
import { formatMoment, shortText } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';

type Mode = 'off' | 'on' | 'ended';

export interface LinkAbTestForm {
  /** 'ended': the saved test has ended and is shown read-only. */
  mode: Mode;
  on: boolean;
  draft: TestDraft | null;
  setDraft: (update: (d: TestDraft) => TestDraft) => void;
  /** The saved test while it runs, or once it has ended. */
  saved: StoredAbTest | null;
  /** Turns the test on: the draft kept from before, the ended test's variants, or `destination` and an empty second. */
  start(destination: string): void;
  /** Turns it off (back to the ended test, when there is one). */
  stop(): void;
  /** Removes the ended test from the link. */
  removeEnded(): void;
  /** The `ab_test` to send: null when off. */
  value(): Record<string, unknown> | null;
  /** Whether `ab_test` differs from what the dialog opened with (an ended test left as it is has not). */
  changed(): boolean;
  /** What a save would be refused for, keyed as the API's details are. */
  problems(): Record<string, string>;
}

/** The dialog's test state: `start` the link (or the duplicated link); `keepIds` false for a duplicate, whose copy of a running test starts afresh. */
export function useLinkAbTest(start: { ab_test?: StoredAbTest | null } | undefined, keepIds: boolean): LinkAbTestForm {
  const initial = start?.ab_test ?? null;
  // A duplicate copies only a running test, as a new one.
  const running = initial && !initial.ended_at ? initial : null;
  const [saved, setSaved] = useState(keepIds ? initial : null);
  const [mode, setMode] = useState<Mode>(running ? 'on' : saved ? 'ended' : 'off');
  const [draft, setDraftState] = useState<TestDraft | null>(() => (running ? toTestDraft(running, keepIds) : null));
  const [opened] = useState(() => JSON.stringify(mode === 'ended' ? 'ended' : draft ? testBody(draft) : null));
  const value = () => (mode === 'on' && draft ? testBody(draft) : null);
  return {
    mode,
    on: mode === 'on',
    draft,
    setDraft: (update) => setDraftState((d) => (d ? update(d) : d)),
    saved,
    start(destination) {
      setDraftState((d) => d ?? (saved?.ended_at ? toTestDraft(saved, false) : blankTest(withScheme(destination))));
      setMode('on');
    },
    stop: () => setMode(saved?.ended_at ? 'ended' : 'off'),
    removeEnded() {
      setSaved(null);
      setMode('off');
    },
    value,
    changed: () => mode !== 'ended' && JSON.stringify(value()) !== opened,
    problems: () => (mode === 'on' && draft ? testProblems(draft) : {}),
  };
}

interface LinkAbTestEditorProps {
  form: LinkAbTestForm;
  /** The dialog's field errors: those whose keys start with `ab_test` are shown here. */
  fields: Record<string, string>;
  /** The link's destination as typed: a new test's first variant. */
  destination: string;
}

export function LinkAbTestEditor({ form, fields, destination }: LinkAbTestEditorProps) {
  const id = useId().replace(/:/g, '');
  const root = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const { draft, saved } = form;
  const errors = testErrors(fields);
  const hasErrors = Object.keys(fields).some((k) => k.startsWith('ab_test'));
  const control = (i: number | null, field: string) => `${id}-${i === null ? '' : `v${i}-`}${field}`;

  // A refused save opens the section and puts the cursor on the first control at fault (unless the
  // dialog has put it on another field: the answer named more than the test).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer (a new `fields`), not per keystroke
  useEffect(() => {
    if (!hasErrors) return;
    setOpen(true);
    if (Object.keys(fields).some((k) => !k.startsWith('ab_test'))) return;
    const n = draft?.variants.length ?? 0;
    const at = Array.from({ length: n }, (_, i) => [`variants[${i}].url`, `variants[${i}].weight`]).flat();
    const first = [...at, 'variants', 'ends_at', 'end_after_clicks'].find((k) => errors[k] !== undefined);
    if (!first) return setFocus(control(null, 'toggle'));
    const m = /^variants\[(\d+)\]\.(url|weight)$/.exec(first);
    setFocus(m ? control(Number(m[1]), m[2]) : first === 'variants' ? control(0, 'weight') : control(null, first));
  }, [fields]);

  useEffect(() => {
    if (!focus || !open) return;
    root.current?.querySelector<HTMLElement>(`#${CSS.escape(focus)}`)?.focus();
    setFocus(null);
  }, [focus, open]);

  const variants = draft?.variants ?? [];
  const total = totalWeight(variants);
  const update = (change: (d: TestDraft) => TestDraft) => form.setDraft(change);
  const updateVariant = (i: number, change: Partial<VariantDraft>) =>
    update((d) => ({ ...d, variants: d.variants.map((v, k) => (k === i ? { ...v, ...change } : v)) }));
  function turnOn() {
    form.start(destination);
    setFocus(control(draft || saved?.ended_at ? 0 : 1, 'url'));
  }
  function add() {
    update(addVariant);
    setFocus(control(variants.length, 'url'));
  }
  function remove(i: number) {
    update((d) => removeVariant(d, i));
    setFocus(control(Math.min(i, variants.length - 2), 'url'));
  }
  const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
  const error = (key: string, elementId: string) =>
    errors[key] ? (
      <span className="field-error" id={elementId}>
        {errors[key]}
      </span>
    ) : null;
  const winner = saved?.ended_at ? saved.variants.find((v) => v.id === saved.winner) : undefined;
  // The total is checked live; the API's other complaints about the variants (ids, count) are shown below.
  const weightsError = total !== 100 ? weightsMessage(total) : null;
  const general = [errors.variants && !/weights/i.test(errors.variants) ? errors.variants : null, errors['']].filter(Boolean).join(' ');

  return (
    <details ref={root} className="link-rules link-ab-test" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        A/B test
        {form.on ? (
          <span className="rules-count">
            {variants.length}
            <span className="sr-only"> variants</span>
          </span>
        ) : form.mode === 'ended' ? (
          <span className="badge archived ab-state">ended</span>
        ) : null}{' '}
        <span className="hint">(optional) split visitors between 2 to 10 destinations</span>
      </summary>
      <div className="link-rules-body">
        {form.mode === 'ended' && saved?.ended_at ? (
          <div className="ab-ended" data-testid="ab-test-ended">
            <p>
              Ended {formatMoment(saved.ended_at)} — winner: <strong className="ab-winner-url">{winner ? shortText(winner.url) : 'none'}</strong>
            </p>
            <p className="hint">Picked by {saved.winner_by}; its URL became the link’s destination.</p>
            <div className="rule-footer">
              <button type="button" id={control(null, 'toggle')} className="secondary small with-icon" onClick={turnOn}>
                <Icon name="plus" size={14} /> Start a new test
              </button>
              <button type="button" className="link-button" onClick={form.removeEnded}>
                Remove the ended test
              </button>
            </div>
          </div>
        ) : (
          <label className="inline">
            <input type="checkbox" id={control(null, 'toggle')} checked={form.on} onChange={(e) => (e.target.checked ? turnOn() : form.stop())} />
            <span>Run an A/B test</span>
          </label>
        )}
        {form.on && draft ? (
          <>
            <p className="hint">
              Each visitor is sent to one variant, drawn by weight, and <strong>keeps it</strong> on later visits. Routing rules come first.
            </p>
            {saved && !saved.ended_at ? (
              <p className="hint">Running since {formatMoment(saved.started_at)}. Changing the test starts it again: clicks are counted from the save.</p>
            ) : null}
            <div className="ab-bar" aria-hidden="true">
              {variants.map((v) => (
                <span key={v.key} style={{ flexGrow: Math.max(0, Number(v.weight) || 0) }} />
              ))}
              {total < 100 ? <span className="ab-bar-rest" style={{ flexGrow: 100 - total }} /> : null}
            </div>
            <ol className="ab-variants">
              {variants.map((v, i) => {
                const name = `Variant ${letter(i)}`;
                const urlError = errors[`variants[${i}].url`];
                const weightError = errors[`variants[${i}].weight`];
                return (
                  <li key={v.key} className="ab-variant" data-testid="ab-variant">
                    <span className="ab-letter" aria-hidden="true">
                      <span className="ab-dot" />
                      {letter(i)}
                    </span>
                    <input
                      id={control(i, 'url')}
                      className="ab-url"
                      type="text"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      aria-label={`${name} URL`}
                      placeholder="example.com/another-page"
                      value={v.url}
                      onChange={(e) => updateVariant(i, { url: e.target.value })}
                      aria-invalid={Boolean(urlError)}
                      aria-describedby={describedBy(urlError && control(i, 'url-error'))}
                    />
                    <span className="ab-weight">
                      <input
                        id={control(i, 'weight')}
                        type="number"
                        min={1}
                        max={100}
                        step={1}
                        inputMode="numeric"
                        aria-label={`${name} weight (%)`}
                        value={v.weight}
                        onChange={(e) => updateVariant(i, { weight: e.target.value })}
                        aria-invalid={Boolean(weightError || weightsError)}
                        aria-describedby={describedBy(weightError && control(i, 'weight-error'), weightsError && control(null, 'total'))}
                      />
                      <span aria-hidden="true">%</span>
                    </span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove variant ${letter(i)}`}
                      title="Remove variant"
                      disabled={variants.length <= MIN_VARIANTS}
                      onClick={() => remove(i)}
                    >
                      <Icon name="close" size={16} />
                    </button>
                    {urlError || weightError ? (
                      <span className="ab-variant-errors">
                        {error(`variants[${i}].url`, control(i, 'url-error'))}
                        {error(`variants[${i}].weight`, control(i, 'weight-error'))}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <div className="rule-footer ab-footer">
              <button type="button" id={control(null, 'add')} className="secondary small with-icon" disabled={variants.length >= MAX_VARIANTS} onClick={add}>
                <Icon name="plus" size={14} /> Add variant
              </button>
              <button type="button" className="secondary small" onClick={() => update((d) => ({ ...d, variants: splitEvenly(d.variants) }))}>
                Split evenly
              </button>
              <span id={control(null, 'total')} className={`ab-total ${weightsError ? 'field-error' : 'hint ok'}`} aria-live="polite" data-testid="ab-total">
                {weightsError ?? 'Total 100%'}
              </span>
            </div>
            <AbTestEndFields draft={draft} update={update} errors={errors} control={(field) => control(null, field)} />
            {general ? (
              <p className="field-error rule-error" role="alert">
                {general}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </details>
  );
}
