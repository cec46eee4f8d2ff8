// Fallback when wrk is not installed: autocannon in this process. It is slower than wrk and shares
// the machine's two cores with the server, so its ratios are less trustworthy; the report says so.
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult, LoadTool } from './load-tool';

export function autocannonTool(): LoadTool {
  return {
    name: 'autocannon 8 (in-process fallback)',
    async run(opts: LoadOptions): Promise<LoadResult> {
      const { paths } = opts;
      const pick = () => paths[Math.floor(Math.random() * paths.length)];
      const r = await autocannon({
        url: `http://127.0.0.1:${opts.port}`,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [paths.length === 1 ? { path: paths[0] } : { setupRequest: (req) => ({ ...req, path: pick() }) }],
      });
      return {
        rps: r.requests.total / r.duration,
        // autocannon records whole milliseconds.
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        responses: r.requests.total,
        sent: r.requests.sent,
        badStatus: r['1xx'] + r['2xx'] + r['4xx'] + r['5xx'],
        socketErrors: r.errors,
      };
    },
  };
}
