'use client';
// The Live view (docs/guide/live-clicks.md): the workspace's or one link's clicks as they are stored,
// from GET /api/v1/analytics/live through EventSource (which reconnects by itself and resumes with
// Last-Event-ID, so nothing is missed): whether it is connected, a world map with a pulse per click,
// and the latest clicks, newest on top.
import '@/app/live-clicks.css';
import { useEffect, useState } from 'react';
import type { TLiveClick } from '@/lib/analytics/live-clicks-schema';
import { CountryFlag } from './country-flag';
import { countryName } from './link-detail-api';
import { LiveMap } from './live-map';

/** Clicks kept on screen. */
const SHOWN = 50;

type Status = 'connecting' | 'live' | 'reconnecting' | 'closed';
type Item = TLiveClick & { id: string; at: number };

/** `query`: the stream's filter (`link_id=4711`); `showLink`: each row names its link (the workspace's view). */
export function LiveClicks({ query = '', showLink = true }: { query?: string; showLink?: boolean }) {
  const [status, setStatus] = useState<Status>('connecting');
  const [clicks, setClicks] = useState<Item[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [received, setReceived] = useState(0);
  const now = useNow();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts a new connection after one was refused
  useEffect(() => {
    setStatus('connecting');
    const source = new EventSource(`/api/v1/analytics/live${query ? `?${query}` : ''}`);
    source.onopen = () => setStatus('live');
    // A refusal (429, signed out) closes it; a lost connection is retried by EventSource itself.
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    source.addEventListener('click', (e) => {
      const event = e as MessageEvent<string>;
      const click = JSON.parse(event.data) as TLiveClick;
      setClicks((list) =>
        list.some((c) => c.id === event.lastEventId) ? list : [{ ...click, id: event.lastEventId, at: Date.parse(click.time) }, ...list].slice(0, SHOWN),
      );
      setReceived((n) => n + 1);
    });
    return () => source.close();
  }, [query, attempt]);

  return (
    <section className="live-clicks stack" aria-label="Live clicks">
      <div className="row between live-head">
        <p className={`live-status live-${status}`} role="status" data-testid="live-status">
          <span className="live-light" aria-hidden="true" />
          <span data-testid="live-status-text">{STATUS_TEXT[status]}</span>
          {received > 0 ? (
            <span className="live-count muted">
              · {received} {received === 1 ? 'click' : 'clicks'} so far
            </span>
          ) : null}
        </p>
        {status === 'closed' ? (
          <button type="button" className="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        ) : null}
      </div>
      {status === 'closed' ? (
        <p className="muted small">The live view could not connect: too many are open in this workspace, or you were signed out.</p>
      ) : null}
      <div className="live-grid">
        <LiveMap clicks={clicks} />
        <div className="live-list-wrap">
          <h3 className="live-list-title">Latest clicks</h3>
          {clicks.length === 0 ? (
            <p className="muted live-empty">Waiting for clicks… each visit shows here about a second after it happens.</p>
          ) : (
            <ol className="live-list" data-testid="live-list">
              {clicks.map((c) => (
                <li key={c.id} className={c.bot ? 'live-row is-bot' : 'live-row'} data-country={c.country ?? undefined}>
                  <span className="live-place">
                    <CountryFlag code={c.country ?? ''} />
                    <span className="live-where">{[c.city, c.country ? countryName(c.country) : 'Unknown place'].filter(Boolean).join(', ')}</span>
                  </span>
                  <span className="live-what muted small">
                    {[deviceLabel(c.device), c.browser, c.os].filter(Boolean).join(' · ')}
                    {' · '}
                    {c.referrer_host ?? 'Direct'}
                    {c.trigger === 'qr' ? ' · QR' : ''}
                    {c.bot ? <span className="live-bot">Bot</span> : null}
                  </span>
                  {showLink ? (
                    <a className="live-link small" href={`/links/${c.link.id}`}>
                      {c.link.domain}/{c.link.short_code}
                    </a>
                  ) : null}
                  <time className="live-ago muted small" dateTime={c.time} title={new Date(c.at).toLocaleString()}>
                    {ago(now - c.at)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}

const STATUS_TEXT: Record<Status, string> = {
  connecting: 'Connecting…',
  live: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Not connected',
};

function deviceLabel(device: string): string {
  return device ? device[0].toUpperCase() + device.slice(1) : '';
}

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  return `${Math.floor(m / 60)} h ago`;
}

/** The time now, once a second, for the "12 s ago" labels. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
