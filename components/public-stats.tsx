'use client';
// A link's public statistics page (/stats/<code>): the short link and where it leads (its host only),
// then the dashboard's own analytics, read from the public endpoint; no exports, no visitors.
import '@/app/public-stats.css';
import { ClickAnalytics } from './link-analytics';
import { CopyButton } from './link-header';

export function PublicStats({
  code,
  shortUrl,
  destinationHost,
  everClicked,
  statsPath,
}: {
  code: string;
  shortUrl: string;
  destinationHost: string;
  everClicked: boolean;
  statsPath: string;
}) {
  const display = shortUrl.replace(/^https?:\/\//, '');
  return (
    <>
      <header className="public-stats-header stack">
        <p className="public-stats-kicker small muted">Public statistics</p>
        <div className="row between public-stats-title">
          <h1 className="short-url">
            <a href={shortUrl}>{display}</a>
          </h1>
          <CopyButton text={shortUrl} label={`Copy ${display}`} />
        </div>
        <p className="public-stats-dest">
          <span aria-hidden="true">↳ </span>
          <span className="sr-only">Leads to </span>
          <span className="dest-host">{destinationHost}</span>
        </p>
      </header>
      <ClickAnalytics
        statsPath={statsPath}
        utm={false}
        everClicked={everClicked}
        neverClicked={
          <p>
            <strong>No clicks on /{code} yet.</strong>
          </p>
        }
      />
      <p className="small muted public-stats-note">Shared by the link's owner. Visitors are counted, never identified: no addresses are kept here.</p>
    </>
  );
}
