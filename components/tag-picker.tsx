'use client';
// A combobox for a link's tags (ARIA 1.2 combobox with a listbox popup): the chosen tags as chips in
// their colours, each with a remove button; typing filters the workspace's tags; Enter picks the
// highlighted one or makes the typed name a tag, a comma does the same for the typed name, Backspace
// in the empty field takes the last chip off. At most `max` (a link carries 10). What changes is
// announced in a live region.
import { useId, useMemo, useRef, useState } from 'react';
import { tagColor } from '@/lib/tags/tag-colors';
import { TagChip } from './tag-chip';

/** As the server stores a tag: trimmed, lower case, inner spaces as one hyphen. */
export const normalizeTagName = (raw: string) => raw.trim().toLowerCase().replace(/\s+/g, '-');

export interface TagOption {
  name: string;
  color?: string;
  links?: number;
}

interface TagPickerProps {
  /** The field's id, for a <label htmlFor> outside; its text names the listbox too. */
  inputId: string;
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** The workspace's tags, most used first. */
  options: TagOption[];
  /** Text typed but not made a tag yet (it counts when the form is saved). */
  pending: string;
  onPending: (text: string) => void;
  max?: number;
  /** Ids of the hint and the error, for aria-describedby. */
  describedBy?: string;
  invalid?: boolean;
}

export function TagPicker({ inputId, label, value, onChange, options, pending, onPending, max = 10, describedBy, invalid }: TagPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** Whether the arrow keys chose an option: only then does Enter in an empty field pick it (else it saves the form). */
  const [navigated, setNavigated] = useState(false);
  const [said, setSaid] = useState('');
  const colors = useMemo(() => new Map(options.map((o) => [o.name, o.color])), [options]);
  const typed = normalizeTagName(pending);
  const full = value.length >= max;

  const choices = useMemo(() => {
    const matching = options.filter((o) => !value.includes(o.name) && (!typed || o.name.includes(typed))).slice(0, 50);
    const create = typed && !value.includes(typed) && !options.some((o) => o.name === typed) ? [{ name: typed, create: true as const }] : [];
    return [...matching.map((o) => ({ ...o, create: false as const })), ...create];
  }, [options, value, typed]);

  const add = (raw: string[]) => {
    const next = [...value];
    const added: string[] = [];
    for (const name of raw.map(normalizeTagName).filter(Boolean)) {
      if (next.includes(name)) continue;
      if (next.length >= max) {
        setSaid(`A link has at most ${max} tags; ${name} was not added.`);
        onChange(next);
        return;
      }
      next.push(name);
      added.push(name);
    }
    if (added.length) setSaid(`Added ${added.join(', ')}. ${next.length} of ${max} tags.`);
    onChange(next);
    setActive(0);
    setNavigated(false);
  };
  const remove = (name: string) => {
    onChange(value.filter((t) => t !== name));
    setSaid(`Removed ${name}.`);
    input.current?.focus();
  };

  const onType = (text: string) => {
    // A comma ends a tag (also in pasted text); what follows the last one stays typed.
    if (text.includes(',')) {
      const parts = text.split(',');
      add(parts.slice(0, -1));
      onPending(parts.at(-1)?.trimStart() ?? '');
    } else onPending(text);
    setOpen(true);
    setActive(0);
    setNavigated(false);
  };

  const onKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      else if (choices.length) {
        setNavigated(true);
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : -1) + choices.length) % choices.length);
      }
    } else if (e.key === 'Enter') {
      // Inside the link form, Enter makes a tag rather than saving the form while something is typed or highlighted.
      const choice = open && (typed || navigated) ? choices[active] : undefined;
      if (choice || typed) {
        e.preventDefault();
        add([choice ? choice.name : typed]);
        onPending('');
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'Backspace' && pending === '' && value.length) {
      e.preventDefault();
      remove(value[value.length - 1]);
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const showList = open && !full && choices.length > 0;
  return (
    <div className="tag-picker">
      <div className="tag-picker-box" onClick={(e) => e.target === e.currentTarget && input.current?.focus()}>
        {value.map((name) => (
          <TagChip key={name} name={name} color={colors.get(name) ?? tagColor(name, undefined)}>
            <button type="button" aria-label={`Remove tag ${name}`} title={`Remove ${name}`} onClick={() => remove(name)}>
              ×
            </button>
          </TagChip>
        ))}
        <input
          ref={input}
          id={inputId}
          name="tags"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? optionId(active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={full ? '' : value.length ? 'Add another' : 'Add tags'}
          value={pending}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKey}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
      </div>
      {/* Options are picked on click; the pointer down is kept from blurring the field first. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (the field owns focus, aria-activedescendant points into this listbox) */}
      <ul id={listId} role="listbox" aria-label={`${label}: suggestions`} className="tag-options" hidden={!showList}>
        {showList
          ? choices.map((c, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: an option of the combobox; the field keeps focus and its arrow keys and Enter choose
              <li
                key={c.name}
                id={optionId(i)}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of ARIA's listbox pattern
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => {
                  add([c.name]);
                  onPending('');
                }}
              >
                {c.create ? (
                  <span>
                    Create <TagChip name={c.name} />
                  </span>
                ) : (
                  <>
                    <TagChip name={c.name} color={c.color} />
                    {c.links !== undefined ? <span className="tag-option-count">{c.links}</span> : null}
                  </>
                )}
              </li>
            ))
          : null}
      </ul>
      <span className="sr-only" aria-live="polite">
        {said}
      </span>
    </div>
  );
}
