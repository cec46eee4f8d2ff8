// A live click stream as server-sent events (docs/guide/live-clicks.md): `id: <seq>`, `event: click`,
// `data: <JSON>` per click, a comment every HEARTBEAT_MS so proxies keep the connection, and a
// `retry:` hint for EventSource's reconnects (which send Last-Event-ID). The stream stops its
// subscription when the client leaves, and ends when the feed closes (server shutdown).
import type { LiveEvent } from './live-batch';
import type { LiveFeed, LiveFilter } from './live-feed';
import type { TLiveClick } from './live-clicks-schema';

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

export interface LiveEventStreamOptions {
  feed: LiveFeed;
  workspaceId: string;
  filter: LiveFilter;
  lastEventId?: number;
  /** The short link's host and address, from its domain. */
  linkAddress: (domainId: number, code: string) => { domain: string; shortUrl: string };
}

/** Subscribes first (a 429 is thrown before any answer), then streams. */
export async function liveEventStream(opts: LiveEventStreamOptions): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let done = false;
  let stop = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    clearInterval(heartbeat);
    stop();
  };
  const send = (bytes: Uint8Array) => {
    if (done) return;
    try {
      controller.enqueue(bytes);
    } catch {
      finish();
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: finish,
  });
  stop = await opts.feed.subscribe(
    opts.workspaceId,
    {
      filter: opts.filter,
      deliver: (events) => send(batchBytes(events, opts.linkAddress)),
      end: () => {
        finish();
        try {
          controller.close();
        } catch {
          // already cancelled by the client
        }
      },
    },
    opts.lastEventId,
  );
  send(encoder.encode(`retry: ${RETRY_MS}\n: live clicks\n\n`));
  const keepAlive = encoder.encode(': keep-alive\n\n');
  heartbeat = setInterval(() => send(keepAlive), HEARTBEAT_MS);
  heartbeat.unref();
  return stream;
}

/**
 * One write per stream and poll. A poll's events that several streams get whole (the feed hands them
 * the same array) are concatenated once, and the same bytes are queued on each of them.
 */
const batches = new WeakMap<readonly LiveEvent[], Uint8Array>();
function batchBytes(events: readonly LiveEvent[], linkAddress: LiveEventStreamOptions['linkAddress']): Uint8Array {
  let bytes = batches.get(events);
  if (bytes === undefined) {
    bytes = Buffer.from(events.map((e) => eventText(e, linkAddress)).join(''));
    batches.set(events, bytes);
  }
  return bytes;
}

/** Each event's text is made once, however many streams it goes to. */
const texts = new WeakMap<LiveEvent, string>();
function eventText(e: LiveEvent, linkAddress: LiveEventStreamOptions['linkAddress']): string {
  let text = texts.get(e);
  if (text === undefined) {
    text = `id: ${e.id}\nevent: click\ndata: ${JSON.stringify(liveClickEvent(e, linkAddress))}\n\n`;
    texts.set(e, text);
  }
  return text;
}

/** One event's data: what the row holds (never the address or visitor key) and the link's address. */
export function liveClickEvent(e: LiveEvent, linkAddress: LiveEventStreamOptions['linkAddress']): TLiveClick {
  const { domain, shortUrl } = linkAddress(e.domainId, e.shortCode);
  return {
    time: new Date(e.at).toISOString(),
    link: { id: e.linkId, short_code: e.shortCode, domain, short_url: shortUrl },
    country: e.country,
    region: e.region,
    city: e.city,
    device: e.device,
    browser: e.browser,
    os: e.os,
    referrer_host: e.referrerHost,
    trigger: e.trigger,
    rule_id: e.rule,
    variant_id: e.variant,
    bot: e.bot,
  };
}
