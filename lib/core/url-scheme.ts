// Which destinations are app links: URLs in an app's own scheme (myapp://product/42) that a phone
// hands to the app when it is installed. Never a scheme that runs code, reads local files or reaches
// the browser's insides (docs/guide/smart-links.md, "Deep links into apps").

/** Not app links, whatever the form: code, local data, browser internals, other protocols. */
export const REFUSED_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'blob',
  'about',
  'filesystem',
  'view-source',
  'jar',
  'intent',
  'chrome',
  'chrome-extension',
  'edge',
  'moz-extension',
  'safari-extension',
  'resource',
  'ms-settings',
  'ws',
  'wss',
  'ftp',
  'mailto',
  'tel',
  'sms',
]);

const SCHEME = /^([a-z][a-z0-9+.-]{1,31}):/i;

/** The URL's scheme, lower case, when it is neither http(s) nor refused; else null. */
export function appLinkScheme(url: string): string | null {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'http' || scheme === 'https' || REFUSED_SCHEMES.has(scheme)) return null;
  return scheme;
}

/** The URL's scheme, lower case (any), or null when it has none. */
export function urlScheme(url: string): string | null {
  return SCHEME.exec(url)?.[1]?.toLowerCase() ?? null;
}
