'use client';
// The link dialog's "Social preview" section: the title, description and image that Slack, X,
// Facebook, LinkedIn and other link-preview bots show for the short link, with a live card as they
// would draw it (social-card.tsx; the link dialog shows it in its preview column instead).
import { useId } from 'react';
import { SocialCard } from './social-card';
import type { SocialPreviewForm, PreviewImageChoice } from './use-social-preview';

interface SocialPreviewSectionProps {
  form: SocialPreviewForm;
  /** The short link's host, shown on the card. */
  host: string;
  /** The saved link's id (its uploaded image is read back for the card); null while creating. */
  linkId: number | null;
  /** Field errors from the API or from problems(). */
  fields: Record<string, string>;
  /** False where the card is shown elsewhere (the link dialog's preview column). */
  showCard?: boolean;
}

const CHOICES: { value: PreviewImageChoice; label: string }[] = [
  { value: 'generated', label: 'Generated card' },
  { value: 'upload', label: 'Upload' },
  { value: 'url', label: 'Image URL' },
];

export function SocialPreviewSection({ form, host, linkId, fields, showCard = true }: SocialPreviewSectionProps) {
  const id = useId();
  const error = (name: string) =>
    fields[name] ? (
      <span className="field-error" id={`${id}-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const describedBy = (name: string, hint?: string) => [fields[name] ? `${id}-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const storedUpload = form.choice === 'upload' && !form.file && form.initial?.image_source === 'upload' && linkId !== null;

  return (
    <details className="social-preview" open={Boolean(form.initial) || Object.keys(fields).some((k) => k.startsWith('preview') || k === 'image')}>
      <summary>
        Social preview <span className="hint">(optional) how the link looks when shared in Slack, X, LinkedIn…</span>
      </summary>
      <div className="social-preview-body">
        <div className="stack social-preview-fields">
          <label>
            Title
            <input
              name="preview.title"
              autoComplete="off"
              maxLength={120}
              placeholder="Spring sale: 30% off"
              value={form.title}
              onChange={(e) => form.setTitle(e.target.value)}
              aria-invalid={Boolean(fields['preview.title'])}
              aria-describedby={describedBy('preview.title')}
            />
            {error('preview.title')}
          </label>
          <label>
            Description
            <textarea
              name="preview.description"
              rows={2}
              maxLength={300}
              placeholder="One or two sentences under the title."
              value={form.description}
              onChange={(e) => form.setDescription(e.target.value)}
              aria-invalid={Boolean(fields['preview.description'])}
              aria-describedby={describedBy('preview.description')}
            />
            {error('preview.description')}
          </label>
          <fieldset>
            <legend>Image</legend>
            <div className="row social-preview-choices">
              {CHOICES.map((c) => (
                <label key={c.value} className="inline">
                  <input type="radio" name={`${id}-image-choice`} value={c.value} checked={form.choice === c.value} onChange={() => form.setChoice(c.value)} />{' '}
                  {c.label}
                </label>
              ))}
            </div>
            {form.choice === 'url' ? (
              <label>
                Image URL (https)
                <input
                  name="preview.image"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://example.com/card.png"
                  value={form.imageUrl}
                  onChange={(e) => form.setImageUrl(e.target.value)}
                  aria-invalid={Boolean(fields['preview.image'])}
                  aria-describedby={describedBy('preview.image')}
                />
                {error('preview.image')}
              </label>
            ) : form.choice === 'upload' ? (
              <label>
                Image file
                <input
                  name="image"
                  type="file"
                  accept="image/png,image/jpeg"
                  onChange={(e) => form.setFile(e.target.files?.[0] ?? null)}
                  aria-invalid={Boolean(fields.image)}
                  aria-describedby={describedBy('image', `${id}-file-hint`)}
                />
                <span id={`${id}-file-hint`} className="hint">
                  PNG or JPEG, up to 1 MiB; 1200×630 pixels shows best.{storedUpload ? ' Leave empty to keep the current image.' : ''}
                </span>
                {error('image')}
              </label>
            ) : (
              <span className="hint">Sling draws a 1200×630 card with the title, description and domain.</span>
            )}
          </fieldset>
        </div>
        {showCard ? <SocialCard form={form} host={host} linkId={linkId} /> : null}
      </div>
    </details>
  );
}
