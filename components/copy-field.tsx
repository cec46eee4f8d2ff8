'use client';
// A read-only value with a Copy button (falls back to selecting it when the clipboard is refused).
import { useId, useRef, useState } from 'react';

export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setNote('Copied.');
    } catch {
      field.current?.select();
      setNote('Selected; press Ctrl+C (⌘C) to copy.');
    }
  }
  return (
    <div className="stack" style={{ gap: 4 }}>
      <label htmlFor={id} className="hint">
        {label}
      </label>
      <div className="sso-copy">
        <input ref={field} id={id} readOnly value={value} />
        <button type="button" className="secondary small" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
        <span aria-live="polite" className="hint">
          {note}
        </span>
      </div>
    </div>
  );
}
