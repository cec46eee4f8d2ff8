'use client';
// Create or edit a link in a modal <dialog>: the fields (link-form-fields.tsx) on the left, a live
// preview (link-preview-column.tsx: the short link, its QR code, the social card) on the right;
// the title and the Cancel / Save buttons stay in view while the fields scroll. One column on a
// phone. A new alias keeps the old code redirecting unless the user frees it (the dialog says so).
// An edit sends only what changed (link-form-state.ts); the API's field errors show next to their fields.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from './form-error';
import { LinkFormFields } from './link-form-fields';
import { type LinkPrefill, type LinkPreset, useLinkForm } from './link-form-state';
import { LinkPreviewColumn } from './link-preview-column';
import { ApiError, linksApi, type DomainOption, type Link } from './links-api';

const FIELDS = [
  'url',
  'alias',
  'domain_id',
  'password',
  'expiration',
  'max_clicks',
  'starts_at',
  'expired_url',
  'count_bots',
  'public_stats_password',
  'ios_url',
  'ios_fallback_url',
  'android_url',
  'android_fallback_url',
  'tags',
  'note',
  'folder_id',
  'free_old_code',
  'preview.title',
  'preview.description',
  'preview.image',
  'image',
  'rules',
];

interface LinkFormDialogProps {
  /** The link to edit; null creates one. */
  link: Link | null;
  /** A new link's starting values (Duplicate): everything but the alias and the password. */
  preset?: LinkPreset;
  /** A new link's alias and domain (?create&alias=…&domain=…). */
  prefill?: LinkPrefill;
  domains: DomainOption[];
  onSaved: (link: Link) => void;
  onClose: () => void;
}

export function LinkFormDialog({ link, preset, prefill, domains, onSaved, onClose }: LinkFormDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useLinkForm(link, preset, domains, prefill);
  const { social, abTest } = form;
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A link created whose image upload then failed is kept here, so a retry only uploads.
  const createdLink = useRef<Link | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    // showModal() focuses the first control (the close button); typing belongs in the destination.
    dialog.current?.querySelector<HTMLInputElement>('input[name="url"]')?.focus();
  }, []);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const payload = form.body();
    if (link && Object.keys(payload).length === 0 && !social.file) return dialog.current?.close();
    const problems = { ...social.problems(), ...abTest.problems() };
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      let saved = createdLink.current ?? (link && Object.keys(payload).length === 0 ? link : null);
      if (!saved) {
        saved = await linksApi<Link>(link ? `/${link.id}` : '', { method: link ? 'PATCH' : 'POST', body: payload });
        if (!link) createdLink.current = saved;
      }
      const image = await social.upload(saved.id);
      onSaved(image ? ({ ...saved, preview: image } as Link) : saved);
      dialog.current?.close();
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      setFields(details);
      if (!Object.keys(details).some((k) => FIELDS.includes(k) || k.startsWith('rules[') || k.startsWith('ab_test'))) setError((err as Error).message);
      // Focus the first field at fault so keyboard and screen-reader users land on it.
      const first = FIELDS.find((f) => details[f]);
      if (first) dialog.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="link-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="link-form" onSubmit={save} noValidate>
        <div className="link-form-head">
          <h2 id={`${id}-title`}>{link ? 'Edit link' : preset ? 'Duplicate link' : 'New link'}</h2>
          <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
            ×
          </button>
        </div>
        <div className="link-form-body">
          <LinkFormFields form={form} fields={fields} clearField={(name) => setFields(({ [name]: _old, ...rest }) => rest)} id={id} />
          <LinkPreviewColumn form={form} />
        </div>
        <div className="link-form-foot">
          <FormError message={error} />
          <div className="row end">
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" aria-disabled={busy}>
              {busy ? 'Saving…' : link ? 'Save changes' : 'Create link'}
            </button>
          </div>
        </div>
      </form>
    </dialog>
  );
}
