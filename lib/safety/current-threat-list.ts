// The threat list of a database, shared by everything in this process that uses that database.
// Rows are appended by feed imports; an instance catches up by reading the rows past the last id
// it has, when an import announces itself on the invalidation bus (SAFETY_LISTS_KEY) and at least
// every CATCH_UP_MS anyway (a lost message heals). Creating links waits for a catch-up in flight,
// so a link made right after an import is checked against it.
import { ALL_KEYS, invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle } from '../db/types';
import { logger } from '../core/logger';
import { globalSingleton } from '../core/global-singleton';
import { ThreatList, type ThreatKind } from './threat-list';

export const SAFETY_LISTS_KEY = 'safety:lists';
const CATCH_UP_MS = 60_000;
const PAGE = 50_000;

interface State {
  list: ThreatList;
  lastId: number;
  /** Announcements seen when the last catch-up started. */
  seen: number;
  checkedAt: number;
  loading: Promise<ThreatList> | undefined;
}

interface Registry {
  byHandle: WeakMap<DbHandle, State>;
  /** Count of announcements heard on the bus. */
  announced: number;
  subscribed: boolean;
}

// In the registry: its subscription is to one database's bus; a test's next start makes it afresh.
const registry = () => globalSingleton<Registry>('threatLists', () => ({ byHandle: new WeakMap(), announced: 0, subscribed: false }));

/** The list for `handle`, caught up when an import was announced or CATCH_UP_MS have passed. */
export function currentThreatList(handle: DbHandle): Promise<ThreatList> {
  const r = registry();
  if (!r.subscribed) {
    r.subscribed = true;
    invalidationBus().subscribe((key) => {
      if (key === SAFETY_LISTS_KEY || key === ALL_KEYS) r.announced++;
    });
  }
  let s = r.byHandle.get(handle);
  if (!s) {
    s = { list: new ThreatList(), lastId: 0, seen: -1, checkedAt: 0, loading: undefined };
    r.byHandle.set(handle, s);
  }
  if (s.loading) return s.loading;
  if (s.seen === r.announced && Date.now() - s.checkedAt < CATCH_UP_MS) return Promise.resolve(s.list);
  return catchUp(handle, s, r.announced);
}

/** Tells every instance (this one included) that the lists grew. */
export function announceThreatListChange(): void {
  invalidationBus().publish(SAFETY_LISTS_KEY);
}

function catchUp(handle: DbHandle, s: State, announced: number): Promise<ThreatList> {
  const state = s;
  const p = (async () => {
    try {
      for (;;) {
        const rows = await handle.query<{ id: number | string; kind: ThreatKind; value: string; source: string }>(
          'SELECT id, kind, value, source FROM threat_entries WHERE id > $1 ORDER BY id LIMIT $2',
          [state.lastId, PAGE],
        );
        for (const row of rows) state.list.add(row.kind, row.value, row.source);
        if (rows.length > 0) state.lastId = Number(rows[rows.length - 1].id);
        if (rows.length < PAGE) break;
      }
      state.seen = announced;
      state.checkedAt = Date.now();
    } catch (err) {
      // Scanning goes on with what is loaded; the next call tries again.
      logger().error({ err }, 'threat list catch-up failed; using the entries already loaded');
    } finally {
      state.loading = undefined;
    }
    return state.list;
  })();
  state.loading = p;
  return p;
}
