// Paths the app itself uses; never usable as an alias (compared case-insensitively).
export const RESERVED_WORDS = new Set([
  'api', 'api.php', 'l', '_next', 'dashboard', 'login', 'logout', 'signin', 'signup', 'sign-in', 'sign-up',
  'register', 'docs', 'static', '.well-known', 'healthz', 'readyz', 'settings', 'admin', 'account', 'auth',
  'links', 'domains', 'analytics', 'qr', 'public', 'assets', 'favicon.ico', 'robots.txt', 'sitemap.xml',
  'manifest.json', 'about', 'help', 'terms', 'privacy', 'pricing', 'webhooks', 'invite', 'sso', 'www',
  'forgot-password', 'reset-password', 'two-factor', 'report', 'abuse',
]);

export function isReserved(word: string): boolean {
  return RESERVED_WORDS.has(word.toLowerCase());
}
