// Redirects while QR codes render (docs/architecture/overview.md, "Off the event loop", "the edge's event loop stays free"): the hot link,
// open loop at a fixed rate, while 8 clients keep asking for the largest QR code there is (PNG,
// 4096 pixels, error correction H, with a logo); and, for comparison, the raw server and Sling
// alone at the same rate. Rendering runs in Sling's CPU pool; the p99 shows whether the edge waits
// behind it. The rate is fixed, well below the half-load one: the renders take a core, and at half
// of the best rate a 2-core machine then measures its load generator rather than Sling. This runs
// last: renders still queued when it ends are left to the graceful stop.
import { PNG } from 'pngjs';
import { runPaced, type PacedResult } from './paced-load';
import type { ServerProcess } from '../tests/helpers/processes';

export const RENDER_CLIENTS = 8;
export const RENDER_LOAD_RATE = 1000;
const LARGEST = 'format=png&size=4096&ecc=H&logo=1';

export interface RenderLoadResult {
  rate: number;
  seconds: number;
  /** Sling's redirects while the clients render. */
  redirects: PacedResult;
  /** The same rate without renders: Sling alone, and the raw server (the load generator's floor). */
  alone: PacedResult;
  raw: PacedResult;
  /** Renders answered during the run, by status (200 rendered, 503 pool busy, others). */
  rendered: number;
  busy: number;
  otherStatuses: number[];
  /** Links the scenario created for the bench user (the link check counts them). */
  linksCreated: number;
}

export async function renderLoadScenario(opts: {
  sling: ServerProcess;
  raw: ServerProcess;
  token: string;
  seconds: number;
  path: string;
  connections: number;
}): Promise<RenderLoadResult> {
  const base = `http://127.0.0.1:${opts.sling.port}`;
  const auth = { authorization: `Bearer ${opts.token}` };
  const created = await fetch(`${base}/api.php`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/bench/qr' }),
  });
  if (created.status !== 201) throw new Error(`creating the QR scenario's link: ${created.status} ${await created.text()}`);
  const link = (await created.json()) as { id: number };
  const put = await fetch(`${base}/api/v1/links/${link.id}/qr/logo`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'image/png' },
    body: new Uint8Array(benchLogo()),
  });
  if (put.status !== 204) throw new Error(`uploading the QR scenario's logo: ${put.status} ${await put.text()}`);
  const qrUrl = `${base}/api/v1/links/${link.id}/qr?${LARGEST}`;
  const first = await fetch(qrUrl, { headers: auth });
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`the largest QR code: ${first.status}`);

  const paced = (port: number) =>
    runPaced({ port, paths: [opts.path], count: RENDER_LOAD_RATE * opts.seconds, rate: RENDER_LOAD_RATE, connections: opts.connections });
  const raw = await paced(opts.raw.port);
  const alone = await paced(opts.sling.port);

  const stop = new AbortController();
  let rendered = 0;
  let busy = 0;
  const otherStatuses: number[] = [];
  const clients = Array.from({ length: RENDER_CLIENTS }, async () => {
    while (!stop.signal.aborted) {
      try {
        const res = await fetch(qrUrl, { headers: auth, signal: stop.signal });
        await res.arrayBuffer();
        if (res.status === 200) rendered++;
        else if (res.status === 503) busy++;
        else otherStatuses.push(res.status);
      } catch (err) {
        if (!stop.signal.aborted) throw err;
      }
    }
  });
  // Let every client's first request reach the pool before the redirects start.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const redirects = await paced(opts.sling.port);
  stop.abort();
  await Promise.all(clients);
  return { rate: RENDER_LOAD_RATE, seconds: opts.seconds, redirects, alone, raw, rendered, busy, otherStatuses, linksCreated: 1 };
}

/** A 512×512 logo with a colour gradient: a realistic image to decode and scale into each code. */
function benchLogo(): Buffer {
  const side = 512;
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) png.data.set([x >> 1, y >> 1, 160, 255], (y * side + x) * 4);
  }
  return PNG.sync.write(png);
}
