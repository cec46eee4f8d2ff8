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
 * Signs a browser context in with a session cookie header made through the API (signUpAndIn or
 * signIn in accounts.ts): for tests whose subject is not the sign-in form, which
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
