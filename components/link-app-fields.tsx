'use client';
// The link dialog's "Apps" section (docs/guide/smart-links.md, "Deep links into apps"): where iPhone
// and Android visitors go (a store page, or the app itself through an app link such as
// myapp://product/42) and, for an app link, where the visitor goes when the app does not open. The
// hook holds the inputs and says what to send: the set fields on create, the changed ones on edit.
import { useId, useState } from 'react';
import type { Link } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';

const FIELDS = ['ios_url', 'ios_fallback_url', 'android_url', 'android_fallback_url'] as const;
type Field = (typeof FIELDS)[number];
type Apps = Pick<Link, Field>;
type AppsBody = Partial<Record<Field, string | null>>;

export function useLinkApps(start?: Partial<Apps>) {
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, start?.[f] ?? ''])) as Record<Field, string>);
  const sent = (f: Field) => (values[f].trim() ? withScheme(values[f].trim()) : null);
  return {
    values,
    set: (f: Field, value: string) => setValues((v) => ({ ...v, [f]: value })),
    /** Whether any is set (the section opens by itself then). */
    any: () => FIELDS.some((f) => values[f].trim() !== ''),
    /** What a new link is made with: only what is set. */
    body(): AppsBody {
      return Object.fromEntries(FIELDS.filter((f) => sent(f) !== null).map((f) => [f, sent(f)]));
    },
    /** What changed against the saved link (null removes). */
    changes(link: Partial<Apps>): AppsBody {
      return Object.fromEntries(FIELDS.filter((f) => sent(f) !== (link[f] ?? null)).map((f) => [f, sent(f)]));
    },
  };
}

export type LinkAppsForm = ReturnType<typeof useLinkApps>;

const LABELS: Record<Field, { label: string; placeholder: string; hint: string }> = {
  ios_url: { label: 'iPhone and iPad go to', placeholder: 'myapp://product/42 or https://apps.apple.com/…', hint: 'https://, or the app’s own link.' },
  ios_fallback_url: { label: 'If the iOS app does not open', placeholder: 'https://apps.apple.com/app/id…', hint: 'Empty: where everyone else goes.' },
  android_url: { label: 'Android goes to', placeholder: 'myapp://product/42 or https://play.google.com/…', hint: 'https://, or the app’s own link.' },
  android_fallback_url: {
    label: 'If the Android app does not open',
    placeholder: 'https://play.google.com/store/apps/details?id=…',
    hint: 'Empty: where everyone else goes.',
  },
};

export function LinkAppFields({ form, fields }: { form: LinkAppsForm; fields: Record<string, string> }) {
  const id = useId();
  const invalid = FIELDS.some((f) => fields[f]);
  const [open, setOpen] = useState(form.any());
  return (
    <details className="link-rules link-apps" open={open || invalid} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Apps (iOS and Android) <span className="hint">(optional) send phones to a store, or into your app</span>
      </summary>
      <div className="link-rules-body">
        <p className="hint">
          Send phones to a store page, or straight into your app with its own link (myapp://…): visitors then see a page that opens the app and, if it does not
          open, moves on to the fallback.
        </p>
        <div className="link-dialog-grid">
          {FIELDS.map((f) => (
            <label key={f}>
              {LABELS[f].label}
              <input
                name={f}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={LABELS[f].placeholder}
                value={form.values[f]}
                onChange={(e) => form.set(f, e.target.value)}
                aria-invalid={Boolean(fields[f])}
                aria-describedby={fields[f] ? `${id}-${f}-hint ${id}-${f}-error` : `${id}-${f}-hint`}
              />
              <span id={`${id}-${f}-hint`} className="hint">
                {LABELS[f].hint}
              </span>
              {fields[f] ? (
                <span id={`${id}-${f}-error`} className="field-error" role="alert">
                  {fields[f]}
                </span>
              ) : null}
            </label>
          ))}
        </div>
      </div>
    </details>
  );
}
