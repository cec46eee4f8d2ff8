'use client';
// The link dialog's state (link-form-dialog.tsx): every field, the alias availability asked as you
// type, the short link as it will be, and what a save sends: the set fields on create, only what
// changed on edit. A destination typed without a scheme gets https://.
import { useEffect, useState } from 'react';
import { useLinkAbTest } from './link-ab-test-editor';
import { useLinkApps } from './link-app-fields';
import { useLinkPublicStats } from './link-public-stats-fields';
import { useLinkRules } from './link-rules-editor';
import { useLinkSchedule } from './link-schedule-fields';
import { tagList } from './link-tags-field';
import { fromLocalInput, linksApi, toLocalInput, type DomainOption, type Link } from './links-api';
import { useSocialPreview } from './use-social-preview';
import { withScheme } from '@/lib/links/with-scheme';
import type { LinkPreviewJson } from '@/lib/previews/link-preview-schema';

/** A new link's starting values (Duplicate): everything but the alias and the password. */
export type LinkPreset = Pick<Link, 'long_url' | 'expiration' | 'max_clicks'> &
  Partial<
    Pick<
      Link,
      | 'tags'
      | 'note'
      | 'forward_query'
      | 'rules'
      | 'starts_at'
      | 'expired_url'
      | 'count_bots'
      | 'ios_url'
      | 'ios_fallback_url'
      | 'android_url'
      | 'android_fallback_url'
      | 'ab_test'
      | 'folder_id'
    >
  > & {
    domain: { id: number };
  };

export type Availability = { state: 'idle' | 'checking' } | { state: 'done'; available: boolean; message?: string };

/** A new link's alias and domain given by the page that opened the dialog (a code that no link has yet: domain-orphans.tsx). */
export interface LinkPrefill {
  alias: string;
  domainId?: number;
}

export function useLinkForm(link: Link | null, preset: LinkPreset | undefined, domains: DomainOption[], prefill?: LinkPrefill) {
  const start = link ?? preset;
  const [url, setUrl] = useState(start?.long_url ?? '');
  const [alias, setAlias] = useState(link?.short_code ?? prefill?.alias ?? '');
  const offered = prefill?.domainId !== undefined && domains.some((d) => d.id === prefill.domainId) ? prefill.domainId : undefined;
  const [domainId, setDomainId] = useState(String(start?.domain.id ?? offered ?? (domains.find((d) => d.default) ?? domains[0])?.id ?? ''));
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  // A duplicate's past expiry would be refused: it starts without one.
  const [expiration, setExpiration] = useState(
    toLocalInput(start?.expiration && (link || Date.parse(start.expiration) > Date.now()) ? start.expiration : null),
  );
  const [maxClicks, setMaxClicks] = useState(start?.max_clicks === null || start?.max_clicks === undefined ? '' : String(start.max_clicks));
  const [forwardQuery, setForwardQuery] = useState(start?.forward_query !== false);
  const schedule = useLinkSchedule(start);
  const publicStats = useLinkPublicStats(link ?? undefined);
  const [tags, setTags] = useState((start?.tags ?? []).join(', '));
  const [note, setNote] = useState(start?.note ?? '');
  const [folderId, setFolderId] = useState(start?.folder_id ?? '');
  const [freeOldCode, setFreeOldCode] = useState(false);
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  // Routing rules: a duplicate's copy gets new ids.
  const rules = useLinkRules(start?.rules, Boolean(link));
  // The A/B test: a duplicate's copy of a running test starts afresh, without the ids.
  const abTest = useLinkAbTest(start, Boolean(link));
  const apps = useLinkApps(start);
  // The social preview's fields; a link created whose image upload then failed is kept by the dialog, so a retry only uploads.
  const social = useSocialPreview((link as (Link & { preview?: LinkPreviewJson | null }) | null)?.preview);
  // A link on a domain no longer offered (no longer verified) still shows where it lives.
  const options =
    start && !domains.some((d) => d.id === start.domain.id)
      ? [...domains, { id: start.domain.id, hostname: (start.domain as { hostname?: string }).hostname ?? String(start.domain.id) }]
      : domains;
  const chosen = options.find((d) => String(d.id) === domainId);
  const prefix = chosen?.prefix ?? (chosen ? `https://${chosen.hostname}/` : '');
  const code = alias.trim() || link?.short_code || '';
  // A change of case only keeps the same code (codes are case-insensitive): nothing is left behind.
  const renamed = Boolean(link && alias.trim() && alias.trim().toLowerCase() !== link.short_code.toLowerCase());

  // Ask whether the alias is free once typing pauses; the link's own alias needs no asking.
  useEffect(() => {
    const wanted = alias.trim();
    if (!wanted || wanted.toLowerCase() === link?.short_code.toLowerCase()) {
      setAvailability({ state: 'idle' });
      return;
    }
    setAvailability({ state: 'checking' });
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ alias: wanted, domain_id: domainId });
        const r = await linksApi<{ available: boolean; message?: string }>(`/availability?${params}`);
        if (!cancelled) setAvailability({ state: 'done', ...r });
      } catch {
        if (!cancelled) setAvailability({ state: 'idle' });
      }
    }, 350);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [alias, domainId, link]);

  function body(): Record<string, unknown> {
    const limit = maxClicks.trim() === '' ? null : Number(maxClicks);
    const expiry = fromLocalInput(expiration);
    if (!link) {
      return {
        url: withScheme(url),
        ...(alias.trim() ? { alias: alias.trim() } : {}),
        ...(domainId ? { domain_id: Number(domainId) } : {}),
        ...(password ? { password } : {}),
        ...(expiry ? { expiration: expiry } : {}),
        ...(limit !== null ? { max_clicks: limit } : {}),
        ...(forwardQuery ? {} : { forward_query: false }),
        ...schedule.body(),
        ...publicStats.body(),
        ...apps.body(),
        ...(tagList(tags).length ? { tags: tagList(tags) } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(folderId ? { folder_id: folderId } : {}),
        ...(rules.drafts.length ? { rules: rules.value() } : {}),
        ...(abTest.on ? { ab_test: abTest.value() } : {}),
        ...social.change(),
      };
    }
    const changes: Record<string, unknown> = {};
    if (withScheme(url) !== link.long_url) changes.url = withScheme(url);
    if (alias.trim() !== link.short_code) changes.alias = alias.trim();
    if (renamed && freeOldCode) changes.free_old_code = true;
    if (removePassword) changes.password = null;
    else if (password) changes.password = password;
    if (expiration !== toLocalInput(link.expiration)) changes.expiration = expiry;
    if (limit !== link.max_clicks) changes.max_clicks = limit;
    if (forwardQuery !== link.forward_query) changes.forward_query = forwardQuery;
    Object.assign(changes, schedule.changes(link));
    Object.assign(changes, publicStats.changes(link));
    Object.assign(changes, apps.changes(link));
    if (tagList(tags).join() !== link.tags.join()) changes.tags = tagList(tags);
    if (note.trim() !== (link.note ?? '')) changes.note = note.trim() || null;
    if (folderId !== (link.folder_id ?? '')) changes.folder_id = folderId || null;
    if (rules.changed()) changes.rules = rules.value();
    if (abTest.changed()) changes.ab_test = abTest.value();
    return { ...changes, ...social.change() };
  }

  return {
    link,
    url,
    setUrl,
    alias,
    setAlias,
    domainId,
    setDomainId,
    password,
    setPassword,
    removePassword,
    setRemovePassword,
    expiration,
    setExpiration,
    maxClicks,
    setMaxClicks,
    forwardQuery,
    setForwardQuery,
    tags,
    setTags,
    note,
    setNote,
    folderId,
    setFolderId,
    freeOldCode,
    setFreeOldCode,
    availability,
    schedule,
    publicStats,
    rules,
    abTest,
    apps,
    social,
    options,
    chosen,
    /** "https://go.example.com/": the chosen domain's short links start so. */
    prefix,
    /** The code the link will have; "" while a new link's is left to chance. */
    code,
    renamed,
    body,
  };
}

export type LinkForm = ReturnType<typeof useLinkForm>;
