// Process-wide singletons. Next bundles route handlers apart from server.ts, so module-level
// state would exist twice; globalThis under a Symbol.for key is shared by both copies.

/** Returns the value stored under `name`, creating it with `create` on first use. */
export function globalSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`sling.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[key];
  if (value === undefined) {
    value = create();
    store[key] = value;
  }
  return value;
}

/** Replaces (or clears, with undefined) a singleton; used at start-up and shutdown. */
export function setGlobalSingleton<T>(name: string, value: T | undefined): void {
  (globalThis as unknown as Record<symbol, T | undefined>)[Symbol.for(`sling.${name}`)] = value;
}

export function getGlobalSingleton<T>(name: string): T | undefined {
  return (globalThis as unknown as Record<symbol, T | undefined>)[Symbol.for(`sling.${name}`)];
}
