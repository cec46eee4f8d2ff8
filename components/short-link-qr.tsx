'use client';
// The home page's QR dialog: the code for `<short url>?qr=1` (so scans are counted as QR visits),
// drawn in the browser, with a PNG download.
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';

export function ShortLinkQr({ shortUrl, onClose }: { shortUrl: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [png, setPng] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = `${shortUrl}?qr=1`;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(target, { width: 512, margin: 4, errorCorrectionLevel: 'M' })
      .then((url) => cancelled || setPng(url))
      .catch(() => cancelled || setError('The QR code could not be drawn.'));
    return () => {
      cancelled = true;
    };
  }, [target]);

  const fileName = `qr-${shortUrl.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9]+/g, '-')}.png`;
  return (
    <dialog ref={dialog} className="qr-dialog small-qr" aria-labelledby="short-qr-title" onClose={onClose}>
      <div className="row between">
        <h2 id="short-qr-title">QR code</h2>
        <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
          ×
        </button>
      </div>
      <p className="muted">Scans open {shortUrl} and are counted as QR visits.</p>
      <div className="qr-preview">
        {png ? (
          <img src={png} alt={`QR code for ${shortUrl}`} width={256} height={256} data-testid="home-qr" />
        ) : (
          <div className="skeleton qr-skeleton" aria-hidden="true" />
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="row">
        {png && (
          <a className="button" href={png} download={fileName}>
            Download PNG
          </a>
        )}
      </div>
    </dialog>
  );
}
