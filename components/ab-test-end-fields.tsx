// The A/B test section's ending (components/link-ab-test-editor.tsx): an optional date (in the
// viewer's time zone, date-time-picker.tsx) and number of clicks, whichever comes first, and how the winner is picked.
import { MIN_END_CLICKS, type TestDraft, type WinnerBy } from './ab-test-drafts';
import { DateTimePicker } from './date-time-picker';

interface AbTestEndFieldsProps {
  draft: TestDraft;
  update: (change: (d: TestDraft) => TestDraft) => void;
  /** The section's errors by place (`ends_at`, `end_after_clicks`). */
  errors: Record<string, string>;
  /** The id of one of the section's controls (`ends_at`, …). */
  control: (field: string) => string;
}

export function AbTestEndFields({ draft, update, errors, control }: AbTestEndFieldsProps) {
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
  const error = (key: string, elementId: string) =>
    errors[key] ? (
      <span className="field-error" id={elementId}>
        {errors[key]}
      </span>
    ) : null;
  return (
    <>
      <div className="link-dialog-grid">
        <DateTimePicker
          label="End on (optional)"
          id={control('ends_at')}
          value={draft.endsAt}
          onChange={(endsAt) => update((d) => ({ ...d, endsAt }))}
          invalid={Boolean(errors.ends_at)}
          describedBy={errors.ends_at ? control('ends-error') : undefined}
        >
          {error('ends_at', control('ends-error'))}
        </DateTimePicker>
        <label>
          End after this many clicks (optional)
          <input
            id={control('end_after_clicks')}
            type="number"
            min={MIN_END_CLICKS}
            step={1}
            inputMode="numeric"
            placeholder="1000"
            value={draft.endAfterClicks}
            onChange={(e) => update((d) => ({ ...d, endAfterClicks: e.target.value }))}
            aria-invalid={Boolean(errors.end_after_clicks)}
            aria-describedby={describedBy(control('clicks-hint'), errors.end_after_clicks && control('clicks-error'))}
          />
          <span id={control('clicks-hint')} className="hint">
            At least {MIN_END_CLICKS}, counted from the start.
          </span>
          {error('end_after_clicks', control('clicks-error'))}
        </label>
      </div>
      <fieldset className="ab-winner-by">
        <legend>Pick the winner by</legend>
        {(['clicks', 'conversions'] as WinnerBy[]).map((by) => (
          <label key={by} className="inline">
            <input
              type="radio"
              name={control('winner-by')}
              value={by}
              checked={draft.winnerBy === by}
              onChange={() => update((d) => ({ ...d, winnerBy: by }))}
            />
            <span>
              {by === 'clicks' ? 'Clicks' : 'Conversions'}{' '}
              <span className="muted">{by === 'clicks' ? '(most visits)' : '(reported by your app through the API)'}</span>
            </span>
          </label>
        ))}
        <span className="hint">
          Whichever end comes first, the winner’s URL becomes the link’s destination. Without an end, the test runs until you change it.
        </span>
      </fieldset>
    </>
  );
}
