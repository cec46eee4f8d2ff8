// The social preview's card (social-preview-section.tsx, and the link dialog's preview column):
// the shared link as Slack, X, LinkedIn and other preview bots draw it. Without an image, bots get
// a generated card (title, description, domain), which this imitates.
import type { SocialPreviewForm } from './use-social-preview';

interface SocialCardProps {
  form: SocialPreviewForm;
  /** The short link's host, shown on the card. */
  host: string;
  /** The saved link's id (its uploaded image is read back); null while creating. */
  linkId: number | null;
}

export function SocialCard({ form, host, linkId }: SocialCardProps) {
  const title = form.title.trim();
  const description = form.description.trim();
  const storedUpload = form.choice === 'upload' && !form.file && form.initial?.image_source === 'upload' && linkId !== null;
  const urlHost = (() => {
    try {
      return new URL(form.imageUrl.trim()).host;
    } catch {
      return '';
    }
  })();
  return (
    <figure className="social-card" data-testid="social-card">
      <div className="social-card-image">
        {form.choice === 'upload' && form.fileUrl ? (
          <img src={form.fileUrl} alt="" />
        ) : storedUpload ? (
          <img src={`/api/v1/links/${linkId}/preview/image?v=${encodeURIComponent(form.initial?.image ?? '')}`} alt="" />
        ) : form.choice === 'url' ? (
          <span className="social-card-remote">{urlHost ? `Image from ${urlHost}` : 'Image from its URL'}</span>
        ) : (
          <div className="social-card-generated" aria-hidden="true">
            <strong>{title || 'Your title'}</strong>
            {description ? <span>{description}</span> : null}
            <em>{host}</em>
          </div>
        )}
      </div>
      <figcaption>
        <span className="social-card-host">{host}</span>
        <strong>{title || 'Your title'}</strong>
        {description ? <span className="social-card-description">{description}</span> : null}
      </figcaption>
    </figure>
  );
}
