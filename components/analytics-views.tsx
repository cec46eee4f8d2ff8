'use client';
// The analytics pages' two views: the period's statistics (Overview) and the clicks as they happen
// (Live, live-clicks.tsx). The choice is kept in the address bar (?view=live); the live stream is
// open only while Live is shown, and the overview keeps its state while hidden.
import { useSearchParams } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { LiveClicks } from './live-clicks';

type View = 'overview' | 'live';

export function AnalyticsViews({ overview, liveQuery, showLink = true }: { overview: ReactNode; liveQuery?: string; showLink?: boolean }) {
  const [view, setView] = useState<View>(useSearchParams().get('view') === 'live' ? 'live' : 'overview');
  const choose = (next: View) => {
    setView(next);
    const params = new URLSearchParams(window.location.search);
    if (next === 'live') params.set('view', 'live');
    else params.delete('view');
    const search = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  };
  return (
    <div className="stack analytics-views">
      <div className="view-tabs" role="tablist" aria-label="Analytics view">
        {(['overview', 'live'] as const).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => choose(v)}>
            {v === 'live' ? <span className="tab-live-dot" aria-hidden="true" /> : null}
            {v === 'live' ? 'Live' : 'Overview'}
          </button>
        ))}
      </div>
      <div hidden={view !== 'overview'}>{overview}</div>
      {view === 'live' ? <LiveClicks query={liveQuery} showLink={showLink} /> : null}
    </div>
  );
}
