// Process state built from the configuration and the database (handles, caches, limiters), kept in
// one registry so that a test can drop all of it between two starts in one process
// (tests/helpers/in-process-sling.ts), as a new process would. server.ts and the pages share one
// instance of this module (docs/architecture/overview.md, "One module graph"): no globalThis needed.
const store = new Map<string, unknown>();

/** Returns the value stored under `name`, creating it with `create` on first use. */
export function globalSingleton<T>(name: string, create: () => T): T {
  let value = store.get(name) as T | undefined;
  if (value === undefined) {
    value = create();
    store.set(name, value);
  }
  return value;
}

/** Replaces (or clears, with undefined) a singleton; used at start-up and shutdown. */
export function setGlobalSingleton<T>(name: string, value: T | undefined): void {
  if (value === undefined) store.delete(name);
  else store.set(name, value);
}

export function getGlobalSingleton<T>(name: string): T | undefined {
  return store.get(name) as T | undefined;
}

/** Forgets every value (a test's next start makes them afresh); closing what they hold is the caller's. */
export function forgetGlobalSingletons(): void {
  store.clear();
}
