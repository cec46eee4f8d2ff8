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

/** A session made through the auth API: the Cookie header for fetch, and the Set-Cookie lines it came from. */
export interface ApiSession {
  cookie: string;
  setCookie: string[];
}

/**
 * Signs a browser context in with a session made through the API (signInOverHttp,
 * signUpAndInOverHttp), its cookies set as the server set them (HttpOnly, SameSite, Path, expiry):
 * for tests whose subject is not the sign-in form, which tests/e2e/shell-settings.test.ts and
 * app-shell.test.ts go through.
 */
export async function useSession(context: BrowserContext, baseUrl: string, session: ApiSession): Promise<void> {
  const { hostname } = new URL(baseUrl);
  await context.addCookies(
    session.setCookie.map((line) => {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const attr = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const flag = (name: string) => attributes.some((a) => a.toLowerCase() === name);
      const maxAge = attr('max-age');
      const expires = maxAge !== undefined ? Date.now() / 1000 + Number(maxAge) : attr('expires') ? Date.parse(attr('expires')!) / 1000 : -1;
      const sameSite = attr('samesite')?.toLowerCase();
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: hostname,
        path: attr('path') ?? '/',
        expires,
        httpOnly: flag('httponly'),
        secure: flag('secure'),
        sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
      };
    }),
  );
}

// The two below are accounts.ts's signIn and signUpAndIn over plain fetch: accounts.ts loads the
// lib's auth and the API's operations into the test process (seconds of CPU), which a browser
// suite that only needs a session does not.

/** Signs in through the auth API over HTTP. */
export async function signInOverHttp(baseUrl: string, email: string, password = 'correct horse 1'): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.getSetCookie();
  return { cookie: setCookie.map((c) => c.split(';')[0]).join('; '), setCookie };
}

/** Signs up, then in (sign-up does not sign in), through the auth API over HTTP. */
export async function signUpAndInOverHttp(baseUrl: string, email: string, name = 'Test User', password = 'correct horse 1'): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, name }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return signInOverHttp(baseUrl, email, password);
}
