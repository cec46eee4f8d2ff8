'use client';
// The link dialog's tags: a tag picker (components/tag-picker.tsx) over the workspace's tags in
// their colours. The dialog's state keeps the tags as text ("campaign, spring"): the chosen ones and
// what is still typed, which counts when the link is saved.
import { useEffect, useRef, useState } from 'react';
import { type TagOption, TagPicker } from './tag-picker';
import { listTags } from './tags-api';

/** "Sale, spring 2026" → ["sale", "spring-2026"] (the server normalises the same way and says what it refuses). */
export const tagList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
      .filter(Boolean),
  ),
];

interface LinkTagsFieldProps {
  /** The field's text ("campaign, spring"). */
  value: string;
  onChange: (value: string) => void;
  /** The API's message for `tags`, if any. */
  error?: string;
  /** A prefix for the field's element ids (the dialog's useId). */
  idPrefix: string;
}

export function LinkTagsField({ value, onChange, error, idPrefix }: LinkTagsFieldProps) {
  const hintId = `${idPrefix}-tags-hint`;
  const errorId = `${idPrefix}-tags-error`;
  // The picker owns the split between chosen tags and typed text; the dialog gets both as one text.
  const [chosen, setChosen] = useState(() => tagList(value));
  const [pending, setPending] = useState('');
  // One event may change both (a comma adds a tag and keeps what follows typed): read the latest.
  const latest = useRef({ chosen, pending });
  const [options, setOptions] = useState<TagOption[]>([]);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    let cancelled = false;
    // Without the list the picker still takes new tags: a failed read only costs the suggestions.
    listTags()
      .then((tags) => !cancelled && setOptions(tags))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  const update = (next: { chosen?: string[]; pending?: string }) => {
    latest.current = { ...latest.current, ...next };
    setChosen(latest.current.chosen);
    setPending(latest.current.pending);
    report.current([...latest.current.chosen, latest.current.pending].filter((t) => t.trim()).join(', '));
  };
  return (
    <div className="tags-field">
      <label htmlFor={`${idPrefix}-tags`}>Tags (optional)</label>
      <TagPicker
        inputId={`${idPrefix}-tags`}
        label="Tags"
        value={chosen}
        onChange={(tags) => update({ chosen: tags })}
        pending={pending}
        onPending={(typed) => update({ pending: typed })}
        options={options}
        invalid={Boolean(error)}
        describedBy={error ? `${errorId} ${hintId}` : hintId}
      />
      <span id={hintId} className="hint">
        Up to 10. Type to find one, Enter or a comma to add, Backspace to remove. <a href="/links/tags">Manage tags</a>
      </span>
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
