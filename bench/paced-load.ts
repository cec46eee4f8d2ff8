// Open-loop load at a fixed rate over keep-alive connections, for "p99 at half load". autocannon's
// overallRate does not do this: each connection sends its per-second quota back to back and then
// idles, so "half load" is full load half of the time. Latency is counted from when a request was
// due, not when it was written, so a stall cannot hide behind busy connections (coordinated omission).
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface PacedOptions {
  port: number;
  /** Request i asks for paths[i % paths.length]. */
  paths: string[];
  count: number;
  /** Requests per second; 0 makes every request due at once (as fast as the connections allow). */
  rate: number;
  connections: number;
  /**
   * Gives up once nothing has been answered for this long after the last request was due (default
   * 15 s). Counted from the last answer, so a slow but steady pass (the cold-cache pass on a busy
   * machine, every request due at once) is not cut off while it is still being answered.
   */
  graceMs?: number;
  /** Sent as User-Agent (none by default: Sling stores such visits flagged as bots). */
  userAgent?: string;
  /** Each answer as it comes: when its request was due (performance.now()) and its latency, for a per-phase split. */
  onAnswer?: (dueAt: number, latencyMs: number) => void;
}

export interface PacedResult {
  sent: number;
  responses: number;
  /** Responses that were not 3xx. */
  non3xx: number;
  /** Requests without a response: lost with their connection, or still waiting at the deadline. */
  failed: number;
  /** Of those, the ones in flight when their connection was lost (the server may have served them). */
  lostInFlight: number;
  seconds: number;
  achievedRate: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface Conn {
  socket: Socket;
  /** Index of the request in flight, -1 when idle, -2 once the connection is gone. */
  current: number;
  buf: string;
}

export async function runPaced(opts: PacedOptions): Promise<PacedResult> {
  const agent = opts.userAgent ? `User-Agent: ${opts.userAgent}\r\n` : '';
  const requests = opts.paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${opts.port}\r\n${agent}\r\n`, 'latin1'));
  const conns = await Promise.all(Array.from({ length: opts.connections }, () => open(opts.port)));
  const latencies = new Float64Array(opts.count);
  const idle: Conn[] = [...conns];
  const waiting: number[] = [];
  let head = 0;
  let issued = 0;
  let sent = 0;
  let responses = 0;
  let non3xx = 0;
  let failed = 0;
  const start = performance.now();
  let lastAnswer = start;
  const dueAt = (i: number) => (opts.rate > 0 ? start + (i * 1000) / opts.rate : start);

  return new Promise<PacedResult>((resolve) => {
    function pump() {
      const elapsed = performance.now() - start;
      const due = opts.rate > 0 ? Math.min(opts.count, Math.floor((elapsed * opts.rate) / 1000) + 1) : opts.count;
      while (issued < due) waiting.push(issued++);
      while (head < waiting.length && idle.length > 0) {
        const c = idle.pop()!;
        c.current = waiting[head++];
        c.socket.write(requests[c.current % requests.length]);
        sent++;
      }
      if (responses + failed === opts.count) finish();
      else if (performance.now() > Math.max(dueAt(opts.count - 1), lastAnswer) + grace) finish();
    }

    function onResponse(c: Conn, status: number) {
      lastAnswer = performance.now();
      latencies[responses++] = lastAnswer - dueAt(c.current);
      opts.onAnswer?.(dueAt(c.current), lastAnswer - dueAt(c.current));
      if (status < 300 || status >= 400) non3xx++;
      c.current = -1;
      idle.push(c);
      pump();
    }

    /**
     * A connection that closes (a reset on a loaded machine, the server's keep-alive timeout) is
     * replaced: its request in flight counts as failed (the server may or may not have served it),
     * the ones still due go out on the others and on the new one.
     */
    function onLost(c: Conn) {
      if (c.current === -2) return; // 'error' and then 'close'
      if (c.current >= 0) failed++;
      c.current = -2; // never reused
      const i = idle.indexOf(c);
      if (i !== -1) idle.splice(i, 1);
      if (!finished) {
        open(opts.port).then(
          (fresh) => {
            if (finished) return void fresh.socket.destroy();
            conns.push(fresh);
            attach(fresh);
            idle.push(fresh);
            pump();
          },
          () => {},
        );
      }
      if (responses + failed === opts.count) finish();
    }

    function attach(c: Conn) {
      c.socket.on('data', (chunk: Buffer) => {
        c.buf += chunk.toString('latin1');
        for (;;) {
          const parsed = takeResponse(c.buf);
          if (!parsed) break;
          c.buf = c.buf.slice(parsed.length);
          onResponse(c, parsed.status);
        }
      });
      c.socket.on('error', () => onLost(c));
      c.socket.on('close', () => onLost(c));
    }
    for (const c of conns) attach(c);

    const grace = opts.graceMs ?? 15_000;
    const ticker = setInterval(pump, 1);
    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      clearInterval(ticker);
      const seconds = (performance.now() - start) / 1000;
      for (const c of conns) c.socket.destroy();
      const sorted = latencies.slice(0, responses).sort();
      const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
      resolve({
        sent,
        responses,
        non3xx,
        failed: opts.count - responses,
        lostInFlight: failed,
        seconds,
        achievedRate: responses / seconds,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
      });
    }
    pump();
  });
}

function open(port: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve({ socket, current: -1, buf: '' });
    });
  });
}

/** One complete response at the start of `buf` (Content-Length or chunked body), or null. */
export function takeResponse(buf: string): { status: number; length: number } | null {
  const end = buf.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const head = buf.slice(0, end);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const total = end + 4 + Number(length[1]);
    return buf.length >= total ? { status, length: total } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { status, length: end + 4 };
  // Node answers `writeHead(302); end()` with an empty chunked body: "0\r\n\r\n". Trailers are not expected.
  let p = end + 4;
  for (;;) {
    const nl = buf.indexOf('\r\n', p);
    if (nl === -1) return null;
    const size = parseInt(buf.slice(p, nl), 16);
    if (size === 0) return buf.length >= nl + 4 ? { status, length: nl + 4 } : null;
    p = nl + 2 + size + 2;
    if (p > buf.length) return null;
  }
}
