// Debian's Chromium driven by playwright-core (no browser download).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Signs a browser context in with a session cookie header made through the API (signInOverHttp,
 * signUpAndInOverHttp): for tests whose subject is not the sign-in form, which
 * tests/e2e/shell-settings.test.ts and app-shell.test.ts go through.
 */
export async function useSession(context: BrowserContext, baseUrl: string, cookieHeader: string): Promise<void> {
  const { hostname } = new URL(baseUrl);
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
    }),
  );
}

// The two below are accounts.ts's signIn and signUpAndIn over plain fetch: accounts.ts loads the
// lib's auth and the API's operations into the test process (seconds of CPU), which a browser
// suite that only needs a session does not.

/** Signs in through the auth API over HTTP: the session cookie header. */
export async function signInOverHttp(baseUrl: string, email: string, password = 'correct horse 1'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Signs up, then in (sign-up does not sign in), through the auth API over HTTP: the session cookie header. */
export async function signUpAndInOverHttp(baseUrl: string, email: string, name = 'Test User', password = 'correct horse 1'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ email, password, name }) });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return signInOverHttp(baseUrl, email, password);
}
