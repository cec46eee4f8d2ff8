'use client';
// The links page's search box ("/" focuses it), status and tag filters, "Show archived" and sort order.
import type { Ref } from 'react';
import { Icon } from './icons';
import { SORTS, STATUSES, type SortKey, type StatusKey } from './links-query';

interface LinksToolbarProps {
  query: string;
  onQuery: (text: string) => void;
  status: StatusKey;
  onStatus: (status: StatusKey) => void;
  /** The workspace's tags (most used first) and the one chosen ('' for any). */
  tags: string[];
  tag: string;
  onTag: (tag: string) => void;
  archived: boolean;
  onArchived: (shown: boolean) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  searchRef: Ref<HTMLInputElement>;
}

export function LinksToolbar({ query, onQuery, status, onStatus, tags, tag, onTag, archived, onArchived, sort, onSort, searchRef }: LinksToolbarProps) {
  // A tag from the address bar that no link carries (any more) stays choosable, so the select shows it.
  const tagOptions = tag && !tags.includes(tag) ? [tag, ...tags] : tags;
  return (
    <search className="links-toolbar" aria-label="Find links">
      <label className="search-field">
        <Icon name="search" size={16} />
        <input
          ref={searchRef}
          type="search"
          aria-label="Search"
          aria-keyshortcuts="/"
          placeholder="Search codes, destinations, notes"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
        <kbd aria-hidden="true">/</kbd>
      </label>
      <select aria-label="Status" value={status} onChange={(e) => onStatus(e.target.value as StatusKey)}>
        {Object.entries(STATUSES).map(([key, label]) => (
          <option key={key} value={key}>
            {key ? label : 'All statuses'}
          </option>
        ))}
      </select>
      <select aria-label="Tag" value={tag} onChange={(e) => onTag(e.target.value)}>
        <option value="">All tags</option>
        {tagOptions.map((t) => (
          <option key={t} value={t}>
            #{t}
          </option>
        ))}
      </select>
      <select aria-label="Sort" value={sort} onChange={(e) => onSort(e.target.value as SortKey)}>
        {Object.entries(SORTS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <label className="toggle-archived">
        <input type="checkbox" checked={archived} onChange={(e) => onArchived(e.target.checked)} /> Show archived
      </label>
    </search>
  );
}
