'use client';
// The links page's search box ("/" focuses it), status, tag and domain filters (menus: filter-menu.tsx), "Show archived" and sort order.
import type { ReactNode, Ref } from 'react';
import { FilterMenu } from './filter-menu';
import { Icon } from './icons';
import type { DomainOption } from './links-api';
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
  /** The workspace's domains; a filter shows when there is more than one ('' for any). */
  domains: DomainOption[];
  domain: string;
  onDomain: (domain: string) => void;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  searchRef: Ref<HTMLInputElement>;
  /** The folder filter and its "Folders" button (folder-filter.tsx), before the sort order. */
  folderFilter?: ReactNode;
}

export function LinksToolbar(props: LinksToolbarProps) {
  const { query, onQuery, status, onStatus, tags, tag, onTag, domains, domain, onDomain, archived, onArchived, sort, onSort, searchRef } = props;
  // A tag from the address bar that no link carries (any more) stays choosable, so the menu shows it.
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
      <FilterMenu
        label="Status"
        value={status}
        options={Object.entries(STATUSES).map(([key, text]) => ({ value: key as StatusKey, label: key ? text : 'All statuses' }))}
        onChange={onStatus}
      />
      <FilterMenu
        label="Tag"
        value={tag}
        options={[{ value: '', label: 'All tags' }, ...tagOptions.map((t) => ({ value: t, label: `#${t}` }))]}
        onChange={onTag}
      />
      <a className="button secondary with-icon manage-tags" href="/links/tags" aria-label="Manage tags" title="Manage tags">
        <Icon name="tag" size={16} />
        Tags
      </a>
      {domains.length > 1 ? (
        <FilterMenu
          label="Domain"
          value={domain}
          options={[{ value: '', label: 'All domains' }, ...domains.map((d) => ({ value: String(d.id), label: d.hostname }))]}
          onChange={onDomain}
        />
      ) : null}
      {props.folderFilter}
      <FilterMenu label="Sort" value={sort} options={Object.entries(SORTS).map(([key, text]) => ({ value: key as SortKey, label: text }))} onChange={onSort} />
      <label className="toggle-archived">
        <input type="checkbox" checked={archived} onChange={(e) => onArchived(e.target.checked)} /> Show archived
      </label>
    </search>
  );
}
