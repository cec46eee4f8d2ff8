// Fallback when wrk is not installed: autocannon in this process. It is slower than wrk and shares
// the machine's two cores with the server, so its ratios are less trustworthy; the report says so.
import autocannon, { type Request } from 'autocannon';
import type { LoadOptions, LoadResult, LoadTool } from './load-tool';

export function autocannonTool(): LoadTool {
  let runs = 0;
  return {
    name: 'autocannon 8 (in-process fallback)',
    async run(opts: LoadOptions): Promise<LoadResult> {
      const { paths, post } = opts;
      const pick = () => paths[Math.floor(Math.random() * paths.length)];
      let request: Request;
      if (post) {
        const [tag, [before, after = '']] = [`r${++runs}`, post.body.split('{n}')];
        let n = 0;
        request = {
          method: 'POST',
          path: paths[0],
          headers: post.headers,
          setupRequest: (req) => ({ ...req, body: `${before}${tag}-${++n}${after}` }),
        };
      } else {
        const headers = opts.userAgent ? { 'user-agent': opts.userAgent } : undefined;
        request = paths.length === 1 ? { path: paths[0], headers } : { headers, setupRequest: (req) => ({ ...req, path: pick() }) };
      }
      const r = await autocannon({
        url: `http://127.0.0.1:${opts.port}`,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [request],
      });
      return {
        rps: r.requests.total / r.duration,
        // autocannon records whole milliseconds.
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        responses: r.requests.total,
        sent: r.requests.sent,
        badStatus: r['1xx'] + (post ? r['3xx'] : r['2xx']) + r['4xx'] + r['5xx'],
        socketErrors: r.errors,
      };
    },
  };
}
