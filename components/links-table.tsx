'use client';
// The rows of the links page: select, short link with copy, destination, clicks, created, status
// badges and the per-link actions. On phones each row becomes a card (see globals.css).
import { formatCount, formatDay, formatMoment, linkBadges, shortText, type Link } from './links-api';

interface LinksTableProps {
  links: Link[] | null;
  selected: ReadonlySet<number>;
  busy: boolean;
  onSelect: (id: number, on: boolean) => void;
  onSelectPage: (on: boolean) => void;
  onCopy: (link: Link) => void;
  onEdit: (link: Link) => void;
  onQr: (link: Link) => void;
  onDelete: (link: Link) => void;
  /** Whether the viewer may edit, delete and select this link. */
  canManage: (link: Link) => boolean;
}

const SKELETON_ROWS = 5;

export function LinksTable({ links, selected, busy, onSelect, onSelectPage, onCopy, onEdit, onQr, onDelete, canManage }: LinksTableProps) {
  const selectable = links?.filter(canManage) ?? [];
  const allOnPage = selectable.length > 0 && selectable.every((l) => selected.has(l.id));
  return (
    <div className="links-scroll">
      <table className="links links-table" aria-busy={busy || links === null} aria-describedby="links-summary">
        <thead>
          <tr>
            <th scope="col" className="select">
              <input type="checkbox" aria-label="Select all links on this page" checked={allOnPage} disabled={selectable.length === 0} onChange={(e) => onSelectPage(e.target.checked)} />
            </th>
            <th scope="col">Short link</th>
            <th scope="col">Destination</th>
            <th scope="col" className="num">Clicks</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links === null
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <tr key={i} className="skeleton-row" aria-hidden="true">
                  {Array.from({ length: 7 }, (_, j) => (
                    <td key={j}>
                      <span className="skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : links.map((link) => (
                <tr key={link.id} data-link-id={link.id} className={selected.has(link.id) ? 'selected' : undefined}>
                  <td className="select">
                    {canManage(link) ? (
                      <input type="checkbox" aria-label={`Select ${link.short_url}`} checked={selected.has(link.id)} onChange={(e) => onSelect(link.id, e.target.checked)} />
                    ) : null}
                  </td>
                  <td className="short">
                    <a href={link.short_url} target="_blank" rel="noreferrer">
                      {shortText(link.short_url)}
                    </a>
                    <button type="button" className="secondary small copy" onClick={() => onCopy(link)} aria-label={`Copy ${link.short_url}`}>
                      Copy
                    </button>
                  </td>
                  <td className="dest" title={link.long_url}>
                    {link.long_url}
                  </td>
                  <td className="num" data-label="Clicks">
                    {formatCount(link.clicks)}
                  </td>
                  <td className="created" data-label="Created">
                    <time dateTime={link.created_at}>{formatDay(link.created_at)}</time>
                  </td>
                  <td className="badges">
                    {linkBadges(link).map((b) => (
                      <span key={b} className={`badge ${b}`} title={b === 'expired' && link.expiration ? `Expired ${formatMoment(link.expiration)}` : undefined}>
                        {b}
                      </span>
                    ))}
                    {link.expiration && linkBadges(link)[0] === 'active' ? <span className="hint">until {formatMoment(link.expiration)}</span> : null}
                  </td>
                  <td className="actions">
                    {canManage(link) ? (
                      <button type="button" className="secondary small" onClick={() => onEdit(link)} aria-label={`Edit ${link.short_url}`}>
                        Edit
                      </button>
                    ) : null}
                    <button type="button" className="secondary small" onClick={() => onQr(link)} aria-label={`QR code for ${link.short_url}`}>
                      QR code
                    </button>
                    <a className="button secondary small" href={`/links/${link.id}`} aria-label={`Analytics for ${link.short_url}`}>
                      Analytics
                    </a>
                    {canManage(link) ? (
                      <button type="button" className="secondary small danger" onClick={() => onDelete(link)} aria-label={`Delete ${link.short_url}`}>
                        Delete
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
