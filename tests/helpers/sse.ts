// A server-sent events reader for tests: collects each event (id, event, parsed data) of a streamed
// answer as it arrives, and the raw text, until closed.
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export interface SseReader {
  readonly events: SseEvent[];
  /** Everything received, comments included. */
  readonly text: string;
  /** Whether the stream is over (ended, cut or closed here). */
  readonly ended: boolean;
  /** Whether the server ended it properly (not cut off, not closed here). */
  readonly endedCleanly: boolean;
  close(): Promise<void>;
}

/** Reads `res`'s body as an event stream in the background. */
export function readSse(res: Response): SseReader {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let text = '';
  let pending = '';
  let ended = false;
  let endedCleanly = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          endedCleanly = true;
          break;
        }
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        pending += chunk;
        let end = pending.indexOf('\n\n');
        while (end !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const event: SseEvent = { data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data = hasData ? `${event.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (hasData) events.push(event);
          end = pending.indexOf('\n\n');
        }
      }
    } catch {
      // cancelled
    } finally {
      ended = true;
    }
  })();
  return {
    events,
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    get endedCleanly() {
      return endedCleanly;
    },
    close: async () => {
      if (ended) return;
      await reader.cancel().catch(() => {});
      await done;
    },
  };
}
