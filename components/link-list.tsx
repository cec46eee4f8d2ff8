'use client';
// The rows of the links page, one link each: the short link (with copy) above its destination, the
// click count (opening its analytics), when it was made, its tags (each filters the list), a note
// icon (the note as its tooltip), its folder (filters the list too), and a "…"
// menu (edit, QR code, duplicate, archive, move to a folder, delete). A click anywhere else on the row opens the
// link's analytics too. The column heads sort the list (again: the other way round).
import { Icon } from './icons';
import { tagColor } from '@/lib/tags/tag-colors';
import { formatCount, linkBadges, shortText, type Link } from './links-api';
import type { SortKey } from './links-query';
import { RowMenu } from './row-menu';
import { When } from './when';

interface LinkListProps {
  links: Link[] | null;
  selected: ReadonlySet<number>;
  busy: boolean;
  onSelect: (id: number, on: boolean) => void;
  onSelectPage: (on: boolean) => void;
  onCopy: (link: Link) => void;
  onEdit: (link: Link) => void;
  onQr: (link: Link) => void;
  onDuplicate: (link: Link) => void;
  onDelete: (link: Link) => void;
  onArchive: (link: Link, archived: boolean) => void;
  onTag: (tag: string) => void;
  /** Chosen tag colours by name (GET /api/v1/links/tags); a tag without one has its default. */
  tagColors?: Readonly<Record<string, string>>;
  /** A filed link's folder name (undefined while the folders load); its chip filters the list by it. */
  folderName?: (id: string) => string | undefined;
  onFolder?: (folderId: string) => void;
  /** "Move to folder…" in the row menu. */
  onMove?: (link: Link) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  /** Whether the viewer may edit, delete and select this link. */
  canManage: (link: Link) => boolean;
}

const SKELETON_ROWS = 5;
/** Tags shown on a row; the rest are counted ("+2"). */
const SHOWN_TAGS = 3;

type Column = 'code' | 'destination' | 'clicks' | 'created';
/** The first click on a column sorts the way one usually wants it: names A–Z, numbers and dates most/newest first. */
const FIRST_ORDER: Record<Column, 'asc' | 'desc'> = { code: 'asc', destination: 'asc', clicks: 'desc', created: 'desc' };
const COLUMN_NAMES: Record<Column, string> = { code: 'Short link', destination: 'Destination', clicks: 'Clicks', created: 'Created' };

function SortButton({ column, sort, onSort }: { column: Column; sort: SortKey; onSort: (sort: SortKey) => void }) {
  const [by, order] = sort.split('-') as [Column, 'asc' | 'desc'];
  const active = by === column;
  const next = active ? (order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column];
  const numeric = column === 'clicks' || column === 'created';
  const words = (o: 'asc' | 'desc') =>
    numeric
      ? o === 'desc'
        ? column === 'clicks'
          ? 'most first'
          : 'newest first'
        : column === 'clicks'
          ? 'fewest first'
          : 'oldest first'
      : o === 'asc'
        ? 'A to Z'
        : 'Z to A';
  return (
    <button
      type="button"
      className={`sort-head${active ? ' active' : ''}`}
      aria-pressed={active}
      aria-label={`Sort by ${COLUMN_NAMES[column].toLowerCase()}, ${words(next)}${active ? ` (now ${words(order)})` : ''}`}
      onClick={() => onSort(`${column}-${next}` as SortKey)}
    >
      {COLUMN_NAMES[column]}
      <span aria-hidden="true" className="sort-arrow">
        {active ? (order === 'asc' ? '↑' : '↓') : '↕'}
      </span>
    </button>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The host (and port) the favicon endpoint knows a destination by; null when it has none. */
function faviconHost(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { protocol, host } = new URL(url);
  return (protocol === 'https:' || protocol === 'http:') && host ? host : null;
}

/** Opens the link's analytics, unless the click was on something that does its own thing (or selected text). */
function openAnalytics(e: React.MouseEvent<HTMLLIElement>, link: Link) {
  if ((e.target as HTMLElement).closest('a, button, input, label, .row-menu')) return;
  if (window.getSelection()?.toString()) return;
  window.location.assign(`/links/${link.id}`);
}

export function LinkList({
  links,
  selected,
  busy,
  onSelect,
  onSelectPage,
  onCopy,
  onEdit,
  onQr,
  onDuplicate,
  onDelete,
  onArchive,
  onTag,
  tagColors,
  folderName,
  onFolder,
  onMove,
  sort,
  onSort,
  canManage,
}: LinkListProps) {
  const selectable = links?.filter(canManage) ?? [];
  const allOnPage = selectable.length > 0 && selectable.every((l) => selected.has(l.id));
  return (
    <div className="link-list-box">
      <div className="link-list-head">
        <label className="select-all">
          <input type="checkbox" checked={allOnPage} disabled={selectable.length === 0} onChange={(e) => onSelectPage(e.target.checked)} />
          <span className="sr-only">Select all links on this page</span>
        </label>
        <span className="head-sorts">
          <SortButton column="code" sort={sort} onSort={onSort} />
          <SortButton column="destination" sort={sort} onSort={onSort} />
        </span>
        <span className="head-stats head-sorts">
          <SortButton column="clicks" sort={sort} onSort={onSort} />
          <SortButton column="created" sort={sort} onSort={onSort} />
        </span>
      </div>
      <ul className="link-list" aria-busy={busy || links === null} aria-describedby="links-summary" aria-label="Links">
        {links === null
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
              <li key={i} className="link-row skeleton-row" aria-hidden="true">
                <span />
                <span className="link-avatar" />
                <span className="link-main">
                  <span className="skeleton" />
                  <span className="skeleton short-skeleton" />
                </span>
              </li>
            ))
          : links.map((link) => {
              const badges = linkBadges(link).filter((b) => b !== 'active');
              const manage = canManage(link);
              const short = shortText(link.short_url);
              // The host gives way first on a narrow screen: the alias (the code) stays whole.
              const slash = Math.max(short.indexOf('/'), 0);
              return (
                <li
                  key={link.id}
                  data-link-id={link.id}
                  className={`link-row${selected.has(link.id) ? ' selected' : ''}`}
                  onClick={(e) => openAnalytics(e, link)}
                >
                  <span className="link-select">
                    {manage ? (
                      <input
                        type="checkbox"
                        aria-label={`Select ${link.short_url}`}
                        checked={selected.has(link.id)}
                        onChange={(e) => onSelect(link.id, e.target.checked)}
                      />
                    ) : null}
                  </span>
                  <span className="link-avatar" aria-hidden="true">
                    {faviconHost(link.long_url) ? (
                      // Served by Sling (fetched once by the server and cached; a letter when the site has none).
                      <img src={`/api/v1/favicons/${encodeURIComponent(faviconHost(link.long_url)!)}`} alt="" width={20} height={20} loading="lazy" />
                    ) : (
                      hostOf(link.long_url).slice(0, 1).toUpperCase()
                    )}
                  </span>
                  <div className="link-main">
                    <div className="link-title">
                      <a className="short" href={link.short_url} target="_blank" rel="noreferrer" title={link.short_url}>
                        <span className="short-host">{short.slice(0, slash)}</span>
                        <span className="short-code">{short.slice(slash)}</span>
                      </a>
                      <button type="button" className="icon-button copy" onClick={() => onCopy(link)} aria-label={`Copy ${link.short_url}`} title="Copy">
                        <Icon name="copy" size={15} />
                      </button>
                      {badges.map((b) => (
                        <span key={b} className={`badge ${b}`}>
                          {b}
                        </span>
                      ))}
                      {link.ab_test && !link.ab_test.ended_at ? (
                        <span className="badge ab-test" title={`A/B test: ${link.ab_test.variants.length} variants`}>
                          A/B<span className="sr-only"> test running</span>
                        </span>
                      ) : null}
                      {link.folder_id && folderName?.(link.folder_id) ? (
                        <button
                          type="button"
                          className="link-folder"
                          title={`Show the links in ${folderName(link.folder_id)}`}
                          aria-label={`Folder ${folderName(link.folder_id)}: show its links`}
                          onClick={() => link.folder_id && onFolder?.(link.folder_id)}
                        >
                          <Icon name="folder" size={12} />
                          <span>{folderName(link.folder_id)}</span>
                        </button>
                      ) : null}
                      {link.note ? (
                        // The note on hover (title) and for screen readers (the label); the dialog shows it whole.
                        <span className="link-note" role="img" aria-label={`Note: ${link.note}`} title={link.note} data-testid="link-note">
                          <Icon name="note" size={14} />
                        </span>
                      ) : null}
                      {link.expiration && linkBadges(link)[0] === 'active' ? (
                        <span className="hint expires">
                          expires <When iso={link.expiration} />
                        </span>
                      ) : null}
                    </div>
                    <div className="link-dest" title={link.long_url}>
                      <Icon name="arrow" size={13} />
                      <span className="dest-text">{link.long_url.replace(/^https?:\/\//, '')}</span>
                    </div>
                    {link.tags.length > 0 ? (
                      <div className="link-tags">
                        {link.tags.slice(0, SHOWN_TAGS).map((tag) => (
                          <button
                            key={tag}
                            type="button"
                            className="tag-chip"
                            data-color={tagColor(tag, tagColors?.[tag])}
                            title={`Show the links tagged ${tag}`}
                            aria-label={`Tag ${tag}: show the links tagged ${tag}`}
                            onClick={() => onTag(tag)}
                          >
                            {tag}
                          </button>
                        ))}
                        {link.tags.length > SHOWN_TAGS ? (
                          <span className="tag-chip more" title={link.tags.slice(SHOWN_TAGS).join(', ')}>
                            +{link.tags.length - SHOWN_TAGS}
                          </span>
                        ) : null}
                      </div>
                    ) : null}
                    {link.status === 'disabled' && link.disabled_reason ? (
                      <p className="link-disabled-reason" data-testid="disabled-reason">
                        Disabled by an administrator: {link.disabled_reason}
                      </p>
                    ) : null}
                  </div>
                  <div className="link-stats">
                    <a
                      className="click-pill"
                      href={`/links/${link.id}`}
                      aria-label={`${formatCount(link.clicks)} ${link.clicks === 1 ? 'click' : 'clicks'}, analytics for ${link.short_url}`}
                    >
                      <Icon name="analytics" size={14} />
                      <span className="count">{formatCount(link.clicks)}</span> <span className="unit">{link.clicks === 1 ? 'click' : 'clicks'}</span>
                    </a>
                    <span className="link-when">
                      <When iso={link.created_at} />
                    </span>
                  </div>
                  <RowMenu
                    label={`More actions for ${link.short_url}`}
                    actions={[
                      ...(manage ? [{ label: 'Edit', onSelect: () => onEdit(link) }] : []),
                      { label: 'QR code', onSelect: () => onQr(link) },
                      { label: 'Duplicate', onSelect: () => onDuplicate(link) },
                      { label: 'Copy short link', onSelect: () => onCopy(link) },
                      ...(manage ? [{ label: link.archived ? 'Unarchive' : 'Archive', onSelect: () => onArchive(link, !link.archived) }] : []),
                      ...(manage && onMove ? [{ label: 'Move to folder…', onSelect: () => onMove(link) }] : []),
                      ...(manage ? [{ label: 'Delete', onSelect: () => onDelete(link), danger: true }] : []),
                    ]}
                  />
                </li>
              );
            })}
      </ul>
    </div>
  );
}
