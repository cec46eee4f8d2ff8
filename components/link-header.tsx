'use client';
// The top of a link's page: short URL with copy and QR code buttons, destination, status, created,
// the note, and the old codes that still redirect here (safe renames).
import { useState, type ReactNode } from 'react';
import type { PreviousCodeJson } from '@/lib/links/previous-codes-json';
import type { LinkJson } from '@/lib/links/serialize-link';
import { LinkPreviousCodes } from './link-previous-codes';
import { When } from './when';
import { QrDialog } from './qr-dialog';
import { useToast } from './toasts';

export type HeaderLink = Pick<LinkJson, 'id' | 'short_url' | 'long_url' | 'status' | 'created_at' | 'expiration' | 'password_protected' | 'disabled_reason'> &
  Partial<Pick<LinkJson, 'note' | 'public_stats_url'>> & { previous_codes?: PreviousCodeJson[] };

export function CopyButton({ text, label }: { text: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(`Copied ${text} to the clipboard.`);
    } catch {
      toast.show('Copying failed; select the link and copy it by hand.', { kind: 'error' });
    }
  };
  return (
    <button type="button" className="secondary small" onClick={() => void copy()} aria-label={label}>
      Copy
    </button>
  );
}

/** `actions`: more buttons beside Copy and QR code (the link's page puts Edit there). */
export function LinkHeader({ link, actions }: { link: HeaderLink; actions?: ReactNode }) {
  const [qrOpen, setQrOpen] = useState(false);
  const display = link.short_url.replace(/^https?:\/\//, '');
  return (
    <header className="link-header stack">
      <div className="row between">
        <h1 className="short-url">
          <a href={link.short_url}>{display}</a>
        </h1>
        <div className="row">
          {actions}
          {link.public_stats_url ? (
            <a className="button secondary small" href={link.public_stats_url}>
              Public stats
            </a>
          ) : null}
          <CopyButton text={link.short_url} label={`Copy ${display}`} />
          <button type="button" className="secondary small" onClick={() => setQrOpen(true)}>
            QR code
          </button>
        </div>
      </div>
      <dl className="facts">
        <dt>Destination</dt>
        <dd className="dest">
          <a href={link.long_url} rel="noreferrer">
            {link.long_url}
          </a>
        </dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge status-${link.status}`}>{link.status}</span>
          {link.password_protected ? <span className="muted"> · password protected</span> : null}
          {link.disabled_reason ? <span className="muted"> · {link.disabled_reason}</span> : null}
        </dd>
        <dt>Created</dt>
        <dd>
          <When iso={link.created_at} />
        </dd>
        {link.expiration ? (
          <>
            <dt>Expires</dt>
            <dd>
              <When iso={link.expiration} />
            </dd>
          </>
        ) : null}
        <LinkPreviousCodes linkId={link.id} codes={link.previous_codes ?? []} />
        {link.note ? (
          <>
            <dt>Note</dt>
            <dd className="link-note-text">{link.note}</dd>
          </>
        ) : null}
      </dl>
      {qrOpen ? <QrDialog linkId={link.id} shortUrl={link.short_url} onClose={() => setQrOpen(false)} /> : null}
    </header>
  );
}
