// `sling events tail [--type T] [--limit N] [--follow]`: the outbox as JSON lines
// ({id, event, timestamp, data}), oldest first.
import { listEvents, eventJson } from '../lib/events/list-events';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';
import { UsageError } from './usage-error';

export async function runEventsCommand(action: string | undefined, values: { type?: string; limit?: string; follow?: boolean }) {
  if (action !== 'tail') throw new UsageError('Usage: sling events tail [--type T] [--limit N] [--follow]');
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be a whole number from 1 to 10000');
  const runtime = await openCliRuntime();
  try {
    if (values.follow && runtime.handle.kind === 'pglite') {
      throw new UsageError('--follow needs DATABASE_URL: the embedded database admits one process, so nothing can add events while this runs.');
    }
    const db = runtime.handle.db;
    let rows = await listEvents(db, { type: values.type, limit });
    let last = 0;
    for (;;) {
      for (const row of rows) {
        print(JSON.stringify(eventJson(row)));
        last = row.seq;
      }
      if (!values.follow) return;
      await new Promise((r) => setTimeout(r, 1000));
      rows = await listEvents(db, { type: values.type, afterSeq: last, limit: 1000 });
    }
  } finally {
    await runtime.close();
  }
}
