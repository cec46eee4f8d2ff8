'use client';
// The link dialog's preview column (link-form-dialog.tsx), beside the fields on a wide screen: the
// short link as it will be, its QR code (the saved code from the QR route; for a new or renamed
// link, drawn in the browser as the route would draw it) and the social card.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { LinkForm } from './link-form-state';
import { SocialCard } from './social-card';

const QR_SIDE = 176;

export function LinkPreviewColumn({ form }: { form: LinkForm }) {
  const { link, prefix, code, renamed } = form;
  const shortUrl = code ? `${prefix}${code}` : '';
  // The saved link's own code comes from the route; anything else is drawn here.
  const saved = Boolean(link && !renamed);
  const [drawn, setDrawn] = useState<string | null>(null);

  useEffect(() => {
    if (saved || !shortUrl) return setDrawn(null);
    let cancelled = false;
    // After a pause in typing: one drawing per alias, not per key.
    const timer = setTimeout(() => {
      QRCode.toDataURL(`${shortUrl}?qr=1`, { width: QR_SIDE * 2, margin: 2, errorCorrectionLevel: 'M' })
        .then((data) => cancelled || setDrawn(data))
        .catch(() => cancelled || setDrawn(null));
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [saved, shortUrl]);

  const qr = saved && link ? `/api/v1/links/${link.id}/qr?size=${QR_SIDE * 2}&margin=2` : drawn;
  return (
    <aside className="link-preview-column" aria-label="Preview">
      <section>
        <h3>Short link</h3>
        <p className="link-preview" data-testid="short-url-preview">
          <code>
            {prefix}
            {code || <span className="muted">random-code</span>}
          </code>
        </p>
      </section>
      <section>
        <h3>QR code</h3>
        <div className="link-preview-qr">
          {qr ? (
            <img src={qr} alt={`QR code for ${shortUrl}`} width={QR_SIDE} height={QR_SIDE} data-testid="link-form-qr" />
          ) : (
            <p className="hint">The QR code is drawn once the link has its code: type an alias, or create the link.</p>
          )}
        </div>
      </section>
      <section>
        <h3>Social preview</h3>
        <SocialCard form={form.social} host={form.chosen?.hostname ?? ''} linkId={link?.id ?? null} />
      </section>
    </aside>
  );
}
