'use client';
// A domain's orphan visits on its card (docs/guide/orphan-visits.md): visits to codes that no link
// has over the last 30 days with the top 10 (each a shortcut to a new link with that code), the
// root's and other paths' counts, the CSV export, and the workspace's choice to keep each visit.
import { useCallback, useEffect, useState } from 'react';
import type { TOrphanVisits } from '@/lib/orphans/orphan-visits-schema';
import { apiJson } from './api-client';
import { formatCount } from './links-api';
import { useToast } from './toasts';

/** The domain's counts of the last 30 days (top codes only), loaded once the domain is verified; `reload` after a change. */
export function useOrphanVisits(domainId: number, enabled: boolean) {
  const [data, setData] = useState<TOrphanVisits | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await apiJson<TOrphanVisits>(`/api/v1/domains/${domainId}/orphan-visits?kind=code&limit=10`));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [domainId]);
  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);
  return { data, error, setData };
}

const ALIAS = /^[A-Za-z0-9_-]{3,50}$/;

interface DomainOrphansProps {
  domainId: number;
  hostname: string;
  data: TOrphanVisits | null;
  error: string | null;
  /** An admin: may change whether the workspace keeps each visit. */
  canManage: boolean;
  onLoggingChanged: (data: TOrphanVisits) => void;
}

export function DomainOrphans({ domainId, hostname, data, error, canManage, onLoggingChanged }: DomainOrphansProps) {
  const { show } = useToast();
  const [saving, setSaving] = useState(false);
  if (error) return <p className="hint">The visits that found no link could not be loaded: {error}</p>;
  if (!data) return <p className="hint">Loading the visits that found no link…</p>;
  const exportUrl = `/api/v1/domains/${domainId}/orphan-visits/export`;

  async function keep(on: boolean) {
    if (!data) return;
    setSaving(true);
    try {
      await apiJson('/api/v1/workspace/orphan-visits', { method: 'PUT', body: { log_orphan_visits: on } });
      onLoggingChanged({ ...data, log_orphan_visits: on });
      show(on ? 'Each orphan visit is kept from now on.' : 'Orphan visits are only counted from now on.');
    } catch (err) {
      show((err as Error).message, { kind: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <div className="row between orphan-head">
        <p className="orphan-headline">
          <strong data-testid="orphan-codes">{formatCount(data.totals.code)}</strong> {data.totals.code === 1 ? 'visit' : 'visits'} to codes that don’t exist in
          the last 30 days
        </p>
        <div className="row orphan-exports">
          <a className="button secondary small" href={exportUrl} download>
            Export CSV
          </a>
          {data.log_orphan_visits ? (
            <a className="button secondary small" href={`${exportUrl}?visits=1`} download>
              Export visits
            </a>
          ) : null}
        </div>
      </div>
      <ul className="orphan-kinds" aria-label="Other visits that found no link">
        <li>
          <span className="hint">Root ({hostname}/)</span> <strong data-testid="orphan-root">{formatCount(data.totals.root)}</strong>
        </li>
        <li>
          <span className="hint">Other unknown paths</span> <strong data-testid="orphan-path">{formatCount(data.totals.path)}</strong>
        </li>
      </ul>
      {data.top.length > 0 ? (
        <table className="records-table orphan-table">
          <caption className="sr-only">Top codes that don’t exist on {hostname}</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col" className="num">
                Visits
              </th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.top.map((t) => (
              <tr key={t.path}>
                <td>{t.path === '(other)' ? <span className="hint">Other codes (past 1,000 a day)</span> : <code>/{t.path}</code>}</td>
                <td className="num">{formatCount(t.visits)}</td>
                <td className="orphan-action">
                  {ALIAS.test(t.path) ? (
                    <a className="button secondary small" href={`/links?create&alias=${encodeURIComponent(t.path)}&domain=${domainId}`}>
                      Create link<span className="sr-only"> {t.path}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="hint">
          None yet. When someone opens a code on {hostname} that no link has (a typo on a flyer, a link deleted after it was printed), it shows here.
        </p>
      )}
      {canManage ? (
        <label className="choice orphan-keep">
          <input type="checkbox" checked={data.log_orphan_visits} disabled={saving} onChange={(e) => void keep(e.target.checked)} />
          <span>
            <strong>Keep each orphan visit</strong>
            <span className="hint">
              Time, path, referrer, country, device and browser of every such visit (never the IP address), on all of this workspace’s domains; kept as long as
              its clicks.
            </span>
          </span>
        </label>
      ) : null}
    </>
  );
}
