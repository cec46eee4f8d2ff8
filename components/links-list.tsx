'use client';
// The signed-in user's links, each with a QR code button.
import { useState } from 'react';
import { QrDialog } from './qr-dialog';

export interface LinkItem {
  id: number;
  short_url: string;
  long_url: string;
  status: string;
  clicks: number;
}

export function LinksList({ links }: { links: LinkItem[] }) {
  const [qrFor, setQrFor] = useState<LinkItem | null>(null);
  if (links.length === 0) return <p className="muted">No links yet. Create one on the home page or with the API.</p>;
  return (
    <>
      <table className="links">
        <thead>
          <tr>
            <th scope="col">Short link</th>
            <th scope="col">Destination</th>
            <th scope="col">Clicks</th>
            <th scope="col">Status</th>
            <th scope="col"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.id}>
              <td><a href={link.short_url}>{link.short_url.replace(/^https?:\/\//, '')}</a></td>
              <td className="dest">{link.long_url}</td>
              <td>{link.clicks.toLocaleString()}</td>
              <td>{link.status}</td>
              <td>
                <button type="button" onClick={() => setQrFor(link)} aria-label={`QR code for ${link.short_url}`}>
                  QR code
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {qrFor ? <QrDialog linkId={qrFor.id} shortUrl={qrFor.short_url} onClose={() => setQrFor(null)} /> : null}
    </>
  );
}
