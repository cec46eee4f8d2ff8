'use client';
// A link's history (created, updated, expired…) from GET /api/v1/links/{id}/events, newest first,
// a page at a time, each entry in words (event-sentence.ts) that open to its full payload.
import { useCallback, useEffect, useId, useState } from 'react';
import type { EventJson } from '@/lib/events/list-events';
import { eventSentences, previousSnapshot } from './event-sentence';
import { getJson, type LinkEventPage } from './link-detail-api';
import { When } from './when';

const PAGE = 20;
const TITLES: Record<string, string> = {
  'link.created': 'Created',
  'link.updated': 'Updated',
  'link.expired': 'Expired',
  'link.deleted': 'Deleted',
  'link.clicked': 'Clicked',
  'link.held': 'Held by the safety checks',
  'link.milestone': 'Click milestone',
};

export function LinkEventHistory({ linkId }: { linkId: number }) {
  const id = useId();
  const [events, setEvents] = useState<EventJson[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadPage = useCallback(
    async (before: string | null) => {
      setBusy(true);
      setError(null);
      try {
        const params = new URLSearchParams({ limit: String(PAGE), ...(before ? { before } : {}) });
        const page = await getJson<LinkEventPage>(`/api/v1/links/${linkId}/events?${params}`);
        setEvents((old) => [...(before ? (old ?? []) : []), ...page.events]);
        setNext(page.next_before);
      } catch (err) {
        setError((err as Error).message);
      } finally {
        setBusy(false);
      }
    },
    [linkId],
  );
  useEffect(() => void loadPage(null), [loadPage]);

  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>History</h2>
      {events === null && !error ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading the history…
          </p>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
            <div key={i} className="skeleton skeleton-line" />
          ))}
        </div>
      ) : null}
      {events?.length === 0 ? <p className="muted">No changes recorded yet. Edits to this link will be listed here.</p> : null}
      {events && events.length > 0 ? (
        <ol className="event-history">
          {events.map((e, i) => (
            <li key={e.id}>
              <div className="row between">
                <strong>{TITLES[e.event] ?? e.event}</strong>
                <span className="muted small">
                  <When iso={e.timestamp} />
                </span>
              </div>
              <p className="small dest" data-testid="event-sentence">
                {eventSentences(e, previousSnapshot(events, i)).join(' ')}
              </p>
              <details>
                <summary className="small">Payload</summary>
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll box (tabIndex) named for screen readers; see the lint note in docs/architecture/tooling.md */}
                <pre tabIndex={0} aria-label="Payload">
                  {JSON.stringify(e, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}{' '}
          <button type="button" className="secondary small" onClick={() => void loadPage(events?.length ? (next ?? null) : null)}>
            Try again
          </button>
        </p>
      ) : null}
      {next && !error ? (
        <div>
          <button type="button" className="secondary small" disabled={busy} onClick={() => void loadPage(next)}>
            {busy ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
