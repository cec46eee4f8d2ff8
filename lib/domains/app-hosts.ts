// The host names that get the whole app (dashboard, APIs, the default domain's links): BASE_URL's
// host, and — only when BASE_URL is itself a loopback address — the other loopback names, so a
// local install answers on localhost and 127.0.0.1 alike. No other host ever reaches the app.

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `baseHost` is BASE_URL's host name (lower-case, no port, IPv6 without brackets). */
export function appHosts(baseHost: string): ReadonlySet<string> {
  const hosts = new Set([baseHost]);
  if (isLoopbackHost(baseHost)) for (const name of LOOPBACK_NAMES) hosts.add(name);
  return hosts;
}
