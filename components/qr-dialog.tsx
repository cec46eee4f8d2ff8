'use client';
// A link's QR code: options (format, size, margin, error correction, colours, centre logo), a live
// preview and downloads in PNG, SVG and PDF, all from GET /api/v1/links/{id}/qr. The logo is the
// link's uploaded image (uploaded and removed here, qr-logo-field.tsx) or its domain's icon.
import { useEffect, useRef, useState } from 'react';
import { QrLogoField } from './qr-logo-field';

interface QrDialogProps {
  linkId: number;
  shortUrl: string;
  onClose: () => void;
}

const PREVIEW_PAUSE_MS = 250;
/** The API's logo parameter: none, the uploaded image (1), the domain's icon (favicon). */
type LogoChoice = '' | '1' | 'favicon';

export function QrDialog({ linkId, shortUrl, onClose }: QrDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [size, setSize] = useState('512');
  const [margin, setMargin] = useState('4');
  const [ecc, setEcc] = useState('M');
  const [fg, setFg] = useState('#000000');
  const [bg, setBg] = useState('#ffffff');
  const [logo, setLogo] = useState<LogoChoice>('');
  // Bumped by an upload or a removal: the same URL draws a different code.
  const [logoVersion, setLogoVersion] = useState(0);
  // An SVG logo is drawn in SVG codes only: its preview is one.
  const [svgLogo, setSvgLogo] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const url = (format: string, sizeOverride?: string) => {
    const params = new URLSearchParams({ format, size: sizeOverride ?? size, margin, ecc, fg: fg.slice(1), bg: bg.slice(1) });
    if (logo) params.set('logo', logo);
    return `/api/v1/links/${linkId}/qr?${params}`;
  };
  const previewUrl =
    svgLogo && logo === '1'
      ? url('svg', String(Math.min(Math.max(Number(size) || 0, 36), 2000)))
      : url('png', String(Math.min(Math.max(Number(size) || 0, 64), 4096)));

  // The preview follows every change once it pauses (dragging a colour picker fires dozens of
  // changes a second: each would be a render and a request against the workspace's rate limit);
  // an option the API refuses shows its message instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: logoVersion changes what the same URL draws (an upload or a removal)
  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    const timer = setTimeout(async () => {
      // no-cache: revalidated by its ETag, which changes with the logo.
      const res = await fetch(previewUrl, { cache: 'no-cache' });
      if (cancelled) return;
      if (!res.ok) {
        const refusal = (await res.json().catch(() => null))?.error;
        // Asked for the uploaded logo before there is one: say what to do here, not through the API.
        setError(refusal?.details?.logo && logo === '1' ? 'This link has no logo yet: choose a PNG or SVG file.' : (refusal?.message ?? `HTTP ${res.status}`));
        return;
      }
      objectUrl = URL.createObjectURL(await res.blob());
      if (cancelled) return URL.revokeObjectURL(objectUrl);
      setError(null);
      setPreview(objectUrl);
    }, PREVIEW_PAUSE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [previewUrl, logo, logoVersion]);

  return (
    <dialog ref={dialog} className="qr-dialog" aria-labelledby="qr-title" onClose={onClose}>
      <div className="row between">
        <h2 id="qr-title">QR code</h2>
        <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
          ×
        </button>
      </div>
      <p className="muted">{shortUrl}</p>
      <div className="qr-body">
        <div className="qr-preview">
          {preview && !error ? <img src={preview} alt={`QR code for ${shortUrl}`} data-testid="qr-preview" /> : null}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <form className="stack" onSubmit={(e) => e.preventDefault()}>
          <label>
            Size (pixels for PNG, points for SVG and PDF)
            <input type="number" min={36} max={4096} value={size} onChange={(e) => setSize(e.target.value)} />
          </label>
          <label>
            Margin (modules)
            <input type="number" min={0} max={16} value={margin} onChange={(e) => setMargin(e.target.value)} />
          </label>
          <label>
            Error correction
            <select value={ecc} onChange={(e) => setEcc(e.target.value)} disabled={logo !== ''}>
              <option value="L">L (7 %)</option>
              <option value="M">M (15 %)</option>
              <option value="Q">Q (25 %)</option>
              <option value="H">H (30 %)</option>
            </select>
          </label>
          <div className="row">
            <label>
              Foreground
              <input type="color" value={fg} onChange={(e) => setFg(e.target.value)} />
            </label>
            <label>
              Background
              <input type="color" value={bg} onChange={(e) => setBg(e.target.value)} />
            </label>
          </div>
          <label>
            Centre logo
            <select value={logo} onChange={(e) => setLogo(e.target.value as LogoChoice)}>
              <option value="">None</option>
              <option value="1">Your image (PNG or SVG)</option>
              <option value="favicon">The domain’s icon</option>
            </select>
          </label>
          {logo === '1' ? (
            <QrLogoField
              linkId={linkId}
              onChanged={(state) => {
                setLogoVersion((v) => v + 1);
                setSvgLogo(state === 'image/svg+xml');
                if (state === 'removed') setLogo('');
              }}
            />
          ) : null}
        </form>
      </div>
      <div className="row">
        {(['png', 'svg', 'pdf'] as const).map((format) => (
          <a key={format} className="button" href={url(format)} download>
            Download {format.toUpperCase()}
          </a>
        ))}
      </div>
    </dialog>
  );
}
