'use client';
// "87 bots not counted" under the Clicks headline, and the Bots popover it opens: the period's bot
// and link-preview visits by agent (docs/guide/analytics.md, "Bots and link previews"). A native
// popover: light dismiss, Escape and the top layer come with it; it is placed under its button.
import '@/app/bots-summary.css';
import { useEffect, useId, useRef } from 'react';
import { formatNumber, type LinkStats } from './link-detail-api';

type BotStats = Pick<LinkStats, 'bots' | 'bots_counted' | 'bot_agents'>;

/** The line beside the clicks: what happened to the bots' visits. */
export function botsLine(bots: number, counted: number): string {
  const visits = `${formatNumber(bots)} ${bots === 1 ? 'bot' : 'bots'}`;
  if (counted === 0) return `${visits} not counted`;
  if (counted === bots) return `${visits} counted as clicks`;
  return `${visits} · ${formatNumber(counted)} counted as clicks`;
}

/** The window's edge kept free around the popover, and its width (app/bots-summary.css), in px. */
const EDGE = 8;
const WIDTH = 340;

/** Nothing when the statistics carry no bots (none in the period, or a public stats page). */
export function BotsSummary({ stats }: { stats: BotStats }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const bots = stats.bots ?? 0;

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // Before it shows, so it never appears elsewhere first; its width is the stylesheet's (WIDTH).
    const place = (e: Event) => {
      if ((e as ToggleEvent).newState !== 'open' || !button.current) return;
      const b = button.current.getBoundingClientRect();
      const room = document.documentElement.clientWidth;
      const width = Math.min(WIDTH, room - 2 * EDGE);
      el.style.left = `${Math.max(EDGE, Math.min(b.left, room - width - EDGE))}px`;
      el.style.top = `${b.bottom + 6}px`;
    };
    el.addEventListener('beforetoggle', place);
    return () => el.removeEventListener('beforetoggle', place);
  }, []);

  if (bots === 0) return null;
  const counted = stats.bots_counted ?? 0;
  const agents = stats.bot_agents ?? [];
  const max = Math.max(1, ...agents.map((a) => a.visits));
  return (
    <dd className="bots-line small">
      <button ref={button} type="button" className="bots-button" popoverTarget={`${id}-bots`} data-testid="bots-total">
        {botsLine(bots, counted)}
      </button>
      <div ref={panel} id={`${id}-bots`} popover="auto" className="bots-popover breakdown" role="dialog" aria-labelledby={`${id}-bots-h`}>
        <h3 id={`${id}-bots-h`}>Bots and link previews</h3>
        <p className="muted small">
          Link previews and crawlers fetch your link with no person behind them; they are stored but not counted.
          {counted === 1 ? ' One of these is counted: its link counts bot visits as clicks.' : ''}
          {counted > 1 ? ` ${formatNumber(counted)} of these are counted: their links count bot visits as clicks.` : ''}
        </p>
        <ol aria-label="Bot visits by agent">
          {agents.map((a) => (
            <li key={a.name}>
              <span className="label">{a.name}</span>
              <span className="count">{formatNumber(a.visits)}</span>
              <span className="bar" aria-hidden="true" style={{ width: `${(a.visits / max) * 100}%` }} />
            </li>
          ))}
        </ol>
      </div>
    </dd>
  );
}
