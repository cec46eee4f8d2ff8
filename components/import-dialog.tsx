'use client';
// Import links from a file in a modal <dialog>: the format (or detected), the file, then a progress
// bar that follows the import job live, its summary and the per-row report; below, past imports.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiJson } from './api-client';
import { formatCount, formatMoment } from './links-api';

export interface ImportView {
  id: string;
  format: 'csv' | 'bitly' | 'yourls' | 'kutt';
  filename: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  error: string | null;
  rows: { total: number | null; processed: number; created: number; skipped: number; refused: number };
  report_url: string;
  created_at: string;
}

const FORMATS: Array<[string, string]> = [
  ['auto', 'Detect from the file'],
  ['csv', 'Sling CSV (url, alias, expiration, password, tags)'],
  ['bitly', 'Bitly export (CSV)'],
  ['yourls', 'YOURLS export (CSV)'],
  ['kutt', 'Kutt export (JSON)'],
];
const FORMAT_NAMES: Record<ImportView['format'], string> = { csv: 'CSV', bitly: 'Bitly', yourls: 'YOURLS', kutt: 'Kutt' };

interface ImportDialogProps {
  onClose: () => void;
  /** An import finished: the list behind the dialog has new links. */
  onImported: (done: ImportView) => void;
}

export function ImportDialog({ onClose, onImported }: ImportDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState('auto');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<ImportView | null>(null);
  const [past, setPast] = useState<ImportView[] | null>(null);

  useEffect(() => dialog.current?.showModal(), []);
  const loadPast = useCallback(() => {
    apiJson<{ imports: ImportView[] }>('/api/v1/imports?limit=10').then(
      (r) => setPast(r.imports),
      () => setPast([]),
    );
  }, []);
  useEffect(loadPast, [loadPast]);

  // Follows the running import until it is done or failed.
  const running = current !== null && (current.status === 'queued' || current.status === 'running');
  useEffect(() => {
    if (!running || !current) return;
    const timer = setInterval(async () => {
      try {
        const next = await apiJson<ImportView>(`/api/v1/imports/${current.id}`);
        setCurrent(next);
        if (next.status === 'done' || next.status === 'failed') {
          loadPast();
          if (next.status === 'done') onImported(next);
        }
      } catch {
        /* the next tick tries again */
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [running, current, loadPast, onImported]);

  async function start(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!file) return setError('Choose a file to import.');
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set('format', format);
      body.set('file', file);
      const res = await fetch('/api/v1/imports', { method: 'POST', body });
      const json = await res.json().catch(() => null);
      if (!res.ok) throw new ApiError(json?.error?.message ?? `The server answered ${res.status}.`);
      setCurrent(json as ImportView);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const rows = current?.rows;
  return (
    <dialog ref={dialog} className="link-dialog import-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className="stack">
        <div className="row between">
          <h2 id={`${id}-title`}>Import links</h2>
          <button type="button" className="secondary small" onClick={() => dialog.current?.close()} aria-label="Close">
            ×
          </button>
        </div>
        {current === null ? (
          <form className="stack" onSubmit={start} noValidate>
            <p className="muted dialog-lead">
              Bring your links from a CSV file or from Bitly, YOURLS or Kutt. Rows already imported are skipped, so a file can be imported again safely.
            </p>
            <label>
              Format
              <select name="format" aria-label="Format" value={format} onChange={(e) => setFormat(e.target.value)}>
                {FORMATS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              File
              <input
                name="file"
                type="file"
                aria-label="File"
                accept=".csv,.json,.txt,text/csv,application/json"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                aria-describedby={`${id}-hint`}
              />
              <span className="hint" id={`${id}-hint`}>
                Up to 50 MB. See docs/guide/importing.md for each format&apos;s columns.
              </span>
            </label>
            {error ? (
              <div className="notice" role="alert">
                <p>{error}</p>
              </div>
            ) : null}
            <div className="row end">
              <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" aria-disabled={busy}>
                {busy ? 'Uploading…' : 'Import'}
              </button>
            </div>
          </form>
        ) : (
          <section className="stack import-progress" aria-live="polite" data-testid="import-progress">
            <p>
              <strong>{current.filename ?? 'Upload'}</strong> <span className="muted">({FORMAT_NAMES[current.format]})</span>
            </p>
            <progress aria-label="Import progress" max={rows?.total ?? 1} value={current.status === 'queued' ? undefined : rows?.processed} />
            <p className="muted" data-testid="import-status">
              {current.status === 'queued'
                ? 'Waiting to start…'
                : current.status === 'running'
                  ? `${formatCount(rows!.processed)} of ${rows!.total === null ? '…' : formatCount(rows!.total)} rows`
                  : current.status === 'failed'
                    ? 'The import stopped.'
                    : `Done: ${formatCount(rows!.processed)} rows.`}
            </p>
            {current.status === 'failed' && current.error ? (
              <div className="notice" role="alert">
                <p>{current.error}</p>
              </div>
            ) : null}
            {current.status === 'done' || current.status === 'failed' ? (
              <>
                <ImportCounts view={current} />
                <div className="row end">
                  <a className="button secondary" href={current.report_url} download>
                    Download report
                  </a>
                  <button type="button" onClick={() => (setCurrent(null), setFile(null))}>
                    Import another file
                  </button>
                </div>
              </>
            ) : null}
          </section>
        )}
        <section className="stack past-imports" aria-labelledby={`${id}-past`}>
          <h3 id={`${id}-past`}>Past imports</h3>
          {past === null ? (
            <p className="muted">Loading…</p>
          ) : past.length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <ul>
              {past.map((p) => (
                <li key={p.id}>
                  <span className="past-name">{p.filename ?? FORMAT_NAMES[p.format]}</span>
                  <span className="muted">
                    {formatMoment(p.created_at)} ·{' '}
                    {p.status === 'done'
                      ? `${formatCount(p.rows.created)} created, ${formatCount(p.rows.skipped)} skipped, ${formatCount(p.rows.refused)} refused`
                      : p.status}
                  </span>
                  <a href={p.report_url} download aria-label={`Report of ${p.filename ?? 'the import'} from ${formatMoment(p.created_at)}`}>
                    Report
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </dialog>
  );
}

function ImportCounts({ view }: { view: ImportView }) {
  return (
    <dl className="import-counts" data-testid="import-summary">
      <div>
        <dt>Created</dt>
        <dd>{formatCount(view.rows.created)}</dd>
      </div>
      <div>
        <dt>Skipped</dt>
        <dd>{formatCount(view.rows.skipped)}</dd>
      </div>
      <div>
        <dt>Refused</dt>
        <dd>{formatCount(view.rows.refused)}</dd>
      </div>
    </dl>
  );
}
