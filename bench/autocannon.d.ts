// The little of autocannon 8's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    /** SNI name for https:// URLs. */
    servername?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    latency: { p50: number; p99: number };
    requests: { total: number; sent: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
