'use client';
// CSV and JSON exports of the period's raw clicks: streamed with fetch so the page can show bytes
// and rows as they arrive (and cancel), then saved as a file through a Blob download link. The
// export holds the clicks the page shows: the same period and the same filters.
import { useRef, useState } from 'react';
import { ApiError, formatBytes, formatNumber } from './link-detail-api';
import { withFilters, type Filters } from './analytics-filters';
import type { ResolvedRange } from './stats-range';

type Format = 'csv' | 'json';
type Progress =
  | { state: 'idle' }
  | { state: 'running'; format: Format; bytes: number; rows: number }
  | { state: 'saved'; filename: string; bytes: number; rows: number }
  | { state: 'cancelled' }
  | { state: 'failed'; message: string };

/** Rows end with CRLF in CSV; in the JSON array each row starts on its own line with "{". */
function countRows(text: string, format: Format): number {
  return (text.match(format === 'csv' ? /\r\n/g : /\n\{/g) ?? []).length;
}

function filenameOf(res: Response, format: Format): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `sling-clicks.${format}`;
}

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; free the blob after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `endpoint`: the export's path, a link's (/api/v1/links/{id}/clicks/export) or the workspace's (/api/v1/analytics/export). */
export function ClicksExport({ endpoint, range, filters = {} }: { endpoint: string; range: ResolvedRange; filters?: Filters }) {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function run(format: Format) {
    if ('field' in range) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ state: 'running', format, bytes: 0, rows: 0 });
    try {
      const params = withFilters(new URLSearchParams({ format, from: range.from.toISOString(), to: range.to.toISOString() }), filters);
      const res = await fetch(`${endpoint}?${params}`, { signal: abort.signal });
      if (!res.ok || !res.body) {
        const body = await res.json().catch(() => null);
        throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`);
      }
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      const decoder = new TextDecoder();
      let bytes = 0;
      // The header line (CSV) is not a row.
      let rows = format === 'csv' ? -1 : 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        rows += countRows(decoder.decode(value, { stream: true }), format);
        setProgress({ state: 'running', format, bytes, rows: Math.max(rows, 0) });
      }
      const filename = filenameOf(res, format);
      save(new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' }), filename);
      setProgress({ state: 'saved', filename, bytes, rows: Math.max(rows, 0) });
    } catch (err) {
      if (abort.signal.aborted) setProgress({ state: 'cancelled' });
      else setProgress({ state: 'failed', message: err instanceof ApiError ? err.message : 'The export stopped; check your connection and try again.' });
    } finally {
      controller.current = null;
    }
  }

  const running = progress.state === 'running';
  return (
    <div className="export stack">
      <div className="row">
        <button type="button" className="secondary small" disabled={running || 'field' in range} onClick={() => void run('csv')}>
          Export CSV
        </button>
        <button type="button" className="secondary small" disabled={running || 'field' in range} onClick={() => void run('json')}>
          Export JSON
        </button>
        {running ? (
          <button type="button" className="small danger secondary" onClick={() => controller.current?.abort()}>
            Cancel export
          </button>
        ) : null}
      </div>
      {running ? <progress aria-label="Export in progress" /> : null}
      <p role="status" className="small muted export-status">
        {progress.state === 'running'
          ? `Exporting ${progress.format.toUpperCase()}: ${formatBytes(progress.bytes)}, ${formatNumber(progress.rows)} ${progress.rows === 1 ? 'row' : 'rows'} received…`
          : progress.state === 'saved'
            ? `Saved ${progress.filename} (${formatNumber(progress.rows)} ${progress.rows === 1 ? 'row' : 'rows'}, ${formatBytes(progress.bytes)}).`
            : progress.state === 'cancelled'
              ? 'Export cancelled.'
              : ''}
      </p>
      {progress.state === 'failed' ? (
        <p className="error" role="alert">
          {progress.message}
        </p>
      ) : null}
    </div>
  );
}
