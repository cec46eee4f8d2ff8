'use client';
// The link dialog's UTM builder: five fields read from the destination's query and written back
// into it as you type (so the URL field and these always agree; editing the URL updates them).
import { useEffect, useState } from 'react';
import { readUtm, UTM_KEYS, writeUtm, type UtmKey } from '@/lib/links/utm';
import { withScheme } from '@/lib/links/with-scheme';

const LABELS: Record<UtmKey, { label: string; placeholder: string }> = {
  utm_source: { label: 'Source', placeholder: 'newsletter' },
  utm_medium: { label: 'Medium', placeholder: 'email' },
  utm_campaign: { label: 'Campaign', placeholder: 'spring-sale' },
  utm_term: { label: 'Term', placeholder: 'running shoes' },
  utm_content: { label: 'Content', placeholder: 'header-button' },
};

interface LinkUtmFieldsProps {
  url: string;
  onUrl: (url: string) => void;
}

export function LinkUtmFields({ url, onUrl }: LinkUtmFieldsProps) {
  // A destination typed without a scheme is read (and written) as https://, as the dialog sends it.
  const target = url.trim() ? withScheme(url) : '';
  const utm = readUtm(target);
  const parsable = URL.canParse(target);
  const set = (key: UtmKey, value: string) => onUrl(writeUtm(target, { [key]: value }));
  const hasUtm = UTM_KEYS.some((k) => utm[k] !== null);
  // Open when the URL has UTM values (on opening the dialog, or once typed into the URL); emptying a
  // field does not close it under the user's hands.
  const [open, setOpen] = useState(hasUtm);
  useEffect(() => {
    if (hasUtm) setOpen(true);
  }, [hasUtm]);
  return (
    <details className="utm-builder" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>UTM parameters</summary>
      <p className="hint">{parsable ? 'Written into the destination URL as you type; leave a field empty to remove it.' : 'Enter a destination URL first.'}</p>
      <div className="utm-grid">
        {UTM_KEYS.map((key) => (
          <label key={key}>
            {LABELS[key].label}
            <input
              name={key}
              autoComplete="off"
              spellCheck={false}
              placeholder={LABELS[key].placeholder}
              value={utm[key] ?? ''}
              disabled={!parsable}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
        ))}
      </div>
    </details>
  );
}
