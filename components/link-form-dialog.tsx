'use client';
// Create or edit a link in a modal <dialog>: destination, alias (checked as you type), domain,
// password (set, change or remove), expiration in the user's time zone (sent as UTC), click limit, tags,
// UTM values (written into the destination), routing rules (link-rules-editor.tsx), an A/B test (link-ab-test-editor.tsx), a note. A new alias keeps the old code redirecting unless
// the user frees it (the dialog says so). An edit sends only what changed; the API's field errors show next to their fields. A destination
// typed without a scheme gets https://.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from './form-error';
import { LinkRenameNotice } from './link-rename-notice';
import { LinkRulesEditor, useLinkRules } from './link-rules-editor';
import { LinkAbTestEditor, useLinkAbTest } from './link-ab-test-editor';
import { LinkUtmFields } from './link-utm-fields';
import { ApiError, fromLocalInput, linksApi, toLocalInput, type DomainOption, type Link } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';
import { SocialPreviewSection } from './social-preview-section';
import { LinkScheduleFields, useLinkSchedule } from './link-schedule-fields';
import { LinkPublicStatsFields, useLinkPublicStats } from './link-public-stats-fields';
import { LinkAppFields, useLinkApps } from './link-app-fields';
import { useSocialPreview } from './use-social-preview';
import type { LinkPreviewJson } from '@/lib/previews/link-preview-schema';

const FIELDS = [
  'url',
  'alias',
  'domain_id',
  'password',
  'expiration',
  'max_clicks',
  'starts_at',
  'expired_url',
  'count_bots',
  'public_stats_password',
  'ios_url',
  'ios_fallback_url',
  'android_url',
  'android_fallback_url',
  'tags',
  'note',
  'free_old_code',
  'preview.title',
  'preview.description',
  'preview.image',
  'image',
  'rules',
];
const MAX_NOTE = 2000;

/** "Sale, spring 2026" → ["sale", "spring-2026"] (the server normalises the same way and says what it refuses). */
const tagList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
      .filter(Boolean),
  ),
];

interface LinkFormDialogProps {
  /** The link to edit; null creates one. */
  link: Link | null;
  /** A new link's starting values (Duplicate): everything but the alias and the password. */
  preset?: Pick<Link, 'long_url' | 'expiration' | 'max_clicks'> &
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
      >
    > & {
      domain: { id: number };
    };
  domains: DomainOption[];
  onSaved: (link: Link) => void;
  onClose: () => void;
}

type Availability = { state: 'idle' | 'checking' } | { state: 'done'; available: boolean; message?: string };

export function LinkFormDialog({ link, preset, domains, onSaved, onClose }: LinkFormDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const start = link ?? preset;
  const [url, setUrl] = useState(start?.long_url ?? '');
  const [alias, setAlias] = useState(link?.short_code ?? '');
  const [domainId, setDomainId] = useState(String(start?.domain.id ?? (domains.find((d) => d.default) ?? domains[0])?.id ?? ''));
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
  const [freeOldCode, setFreeOldCode] = useState(false);
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Routing rules: a duplicate's copy gets new ids.
  const rules = useLinkRules(start?.rules, Boolean(link));
  // The A/B test: a duplicate's copy of a running test starts afresh, without the ids.
  const abTest = useLinkAbTest(start, Boolean(link));
  const apps = useLinkApps(start);
  // The social preview's fields; a link created whose image upload then failed is kept here, so a retry only uploads.
  const social = useSocialPreview((link as (Link & { preview?: LinkPreviewJson | null }) | null)?.preview);
  const createdLink = useRef<Link | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // A link on a domain no longer offered (no longer verified) still shows where it lives.
  const options =
    start && !domains.some((d) => d.id === start.domain.id)
      ? [...domains, { id: start.domain.id, hostname: (start.domain as { hostname?: string }).hostname ?? String(start.domain.id) }]
      : domains;
  const chosen = options.find((d) => String(d.id) === domainId);
  const prefix = chosen?.prefix ?? (chosen ? `https://${chosen.hostname}/` : '');
  const preview = `${prefix}${alias.trim() || link?.short_code || ''}`;
  // A change of case only keeps the same code (codes are case-insensitive): nothing is left behind.
  const renamed = Boolean(link && alias.trim() && alias.trim().toLowerCase() !== link.short_code.toLowerCase());

  useEffect(() => {
    dialog.current?.showModal();
    // showModal() focuses the first control (the close button); typing belongs in the destination.
    dialog.current?.querySelector<HTMLInputElement>('input[name="url"]')?.focus();
  }, []);

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
    if (rules.changed()) changes.rules = rules.value();
    if (abTest.changed()) changes.ab_test = abTest.value();
    return { ...changes, ...social.change() };
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const payload = body();
    if (link && Object.keys(payload).length === 0 && !social.file) return dialog.current?.close();
    const problems = { ...social.problems(), ...abTest.problems() };
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      let saved = createdLink.current ?? (link && Object.keys(payload).length === 0 ? link : null);
      if (!saved) {
        saved = await linksApi<Link>(link ? `/${link.id}` : '', { method: link ? 'PATCH' : 'POST', body: payload });
        if (!link) createdLink.current = saved;
      }
      const image = await social.upload(saved.id);
      onSaved(image ? ({ ...saved, preview: image } as Link) : saved);
      dialog.current?.close();
    } catch (err) {
      const details = err instanceof ApiError ? err.details : {};
      setFields(details);
      if (!Object.keys(details).some((k) => FIELDS.includes(k) || k.startsWith('rules[') || k.startsWith('ab_test'))) setError((err as Error).message);
      // Focus the first field at fault so keyboard and screen-reader users land on it.
      const first = FIELDS.find((f) => details[f]);
      if (first) dialog.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (name: string, hint?: string) => [fields[name] ? `${id}-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="field-error" id={`${id}-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const aliasHint =
    availability.state === 'checking'
      ? 'Checking…'
      : availability.state === 'done'
        ? availability.available
          ? 'Available'
          : (availability.message ?? 'Not available')
        : link
          ? ''
          : 'Leave empty for a random 7-character code.';

  return (
    <dialog ref={dialog} className="link-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="stack" onSubmit={save} noValidate>
        <div className="row between">
          <h2 id={`${id}-title`}>{link ? 'Edit link' : preset ? 'Duplicate link' : 'New link'}</h2>
          <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
            ×
          </button>
        </div>
        <label>
          Destination URL
          <input
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            autoFocus
            placeholder="example.com/a/long/page"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={Boolean(fields.url)}
            aria-describedby={describedBy('url')}
          />
          {fieldError('url')}
        </label>
        <LinkUtmFields url={url} onUrl={setUrl} />
        <div className="link-dialog-grid">
          <label>
            Domain
            <select
              name="domain_id"
              value={domainId}
              onChange={(e) => setDomainId(e.target.value)}
              disabled={Boolean(link)}
              aria-describedby={describedBy('domain_id')}
            >
              {options.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.hostname}
                </option>
              ))}
            </select>
            {fieldError('domain_id')}
          </label>
          <label>
            Alias (optional)
            <input
              name="alias"
              autoComplete="off"
              spellCheck={false}
              placeholder="spring-sale"
              value={alias}
              onChange={(e) => {
                setAlias(e.target.value);
                // A new alias: the server's word on the old one no longer applies; the availability hint takes over.
                if (fields.alias) setFields(({ alias: _old, ...rest }) => rest);
              }}
              aria-invalid={Boolean(fields.alias) || (availability.state === 'done' && !availability.available)}
              aria-describedby={describedBy('alias', fields.alias ? undefined : `${id}-alias-hint`)}
            />
            {/* The server's error, once there is one, says it alone (the hint said the same thing a second time). */}
            {!fields.alias && (
              <span
                id={`${id}-alias-hint`}
                className={`hint${availability.state === 'done' ? (availability.available ? ' ok' : ' field-error') : ''}`}
                aria-live="polite"
              >
                {aliasHint}
              </span>
            )}
            {fieldError('alias')}
          </label>
        </div>
        <p className="link-preview" data-testid="short-url-preview">
          <span className="hint">Short link</span>
          <code>
            {preview}
            {alias.trim() || link ? '' : <span className="muted">random-code</span>}
          </code>
        </p>
        {renamed && link ? (
          <LinkRenameNotice oldShortLink={`${prefix}${link.short_code}`.replace(/^https?:\/\//, '')} free={freeOldCode} onFree={setFreeOldCode} />
        ) : null}
        {link?.password_protected ? (
          <fieldset>
            <legend>Password</legend>
            <label className="inline">
              <input type="checkbox" checked={removePassword} onChange={(e) => setRemovePassword(e.target.checked)} /> Remove the password
            </label>
            <label>
              New password (leave empty to keep the current one)
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                value={password}
                disabled={removePassword}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={Boolean(fields.password)}
                aria-describedby={describedBy('password')}
              />
              {fieldError('password')}
            </label>
          </fieldset>
        ) : (
          <label>
            Password (optional)
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={Boolean(fields.password)}
              aria-describedby={describedBy('password', `${id}-password-hint`)}
            />
            <span id={`${id}-password-hint`} className="hint">
              Visitors must enter it before they are redirected. At least 4 characters.
            </span>
            {fieldError('password')}
          </label>
        )}
        <div className="link-dialog-grid">
          <label>
            Expires (optional)
            <input
              name="expiration"
              type="datetime-local"
              value={expiration}
              onChange={(e) => setExpiration(e.target.value)}
              aria-invalid={Boolean(fields.expiration)}
              aria-describedby={describedBy('expiration', `${id}-expiration-hint`)}
            />
            <span id={`${id}-expiration-hint`} className="hint">
              Your time zone ({zone}). Leave empty to never expire.
            </span>
            {fieldError('expiration')}
          </label>
          <label>
            Click limit (optional)
            <input
              name="max_clicks"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={maxClicks}
              onChange={(e) => setMaxClicks(e.target.value)}
              aria-invalid={Boolean(fields.max_clicks)}
              aria-describedby={describedBy('max_clicks', `${id}-max-hint`)}
            />
            <span id={`${id}-max-hint`} className="hint">
              After this many visits the link counts as expired (people's visits; bots' too if ticked below).
            </span>
            {fieldError('max_clicks')}
          </label>
        </div>
        <LinkScheduleFields form={schedule} fields={fields} zone={zone} />
        <label className="inline">
          <input type="checkbox" name="forward_query" checked={forwardQuery} onChange={(e) => setForwardQuery(e.target.checked)} />
          <span>
            Pass the visit's query on <span className="muted">(?ref=mail is added to the destination)</span>
          </span>
        </label>
        <LinkRulesEditor form={rules} fields={fields} abTest={abTest.mode !== 'off'} />
        <LinkAbTestEditor form={abTest} fields={fields} destination={url} zone={zone} />
        <LinkAppFields form={apps} fields={fields} />
        <LinkPublicStatsFields form={publicStats} fields={fields} link={link} />
        <label>
          Tags (optional)
          <input
            name="tags"
            autoComplete="off"
            spellCheck={false}
            placeholder="campaign, spring"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            aria-invalid={Boolean(fields.tags)}
            aria-describedby={describedBy('tags', `${id}-tags-hint`)}
          />
          <span id={`${id}-tags-hint`} className="hint">
            Up to 10, separated by commas. Filter the list and the analytics by them.
          </span>
          {fieldError('tags')}
        </label>
        <label>
          Note (optional)
          <textarea
            name="note"
            rows={2}
            maxLength={MAX_NOTE}
            placeholder="Who asked for it, where it is printed…"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={Boolean(fields.note)}
            aria-describedby={describedBy('note', `${id}-note-hint`)}
          />
          <span id={`${id}-note-hint`} className="hint">
            Only your workspace sees it; the list search finds it.
          </span>
          {fieldError('note')}
        </label>
        <SocialPreviewSection form={social} host={chosen?.hostname ?? ''} linkId={link?.id ?? null} fields={fields} />
        <FormError message={error} />
        <div className="row end">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" aria-disabled={busy}>
            {busy ? 'Saving…' : link ? 'Save changes' : 'Create link'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
