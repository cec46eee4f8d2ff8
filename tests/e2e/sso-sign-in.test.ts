// Single sign-on in Chromium against a real OpenID provider (oidc-provider on loopback) and a real
// DNS server: the owner of an Enterprise team sets up an Okta-type connection in Settings → Single
// sign-on step by step (type, credentials, callback URL, test with its checks, DNS proof, enable);
// then someone new chooses "Continue with SSO" on the sign-in page with a work address, signs in at
// the provider (authorization code + PKCE), and lands in the team workspace as a Member, with the
// sign-in in their login history; an identity with an address outside the domain is refused, and
// a return from the provider with a stale state lands on the sign-in page with the reason.
// Pages: axe clean in both themes, no sideways scroll at 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server';
import { startIdp, type TestIdp } from '../helpers/oidc-idp';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { challtestsrvPath, chromiumPath } from '../helpers/services';
import { freePort, startSling, type SlingProcess } from '../helpers/sling-process';
import { createEnterpriseTeam, createUser, PASSWORD } from '../helpers/sso-fixtures';

const chromium = chromiumPath();
const challtestsrv = challtestsrvPath();
const OWNER = 'olivia@acme.test';
const NEWCOMER = 'nora@acme.test';
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium || !challtestsrv)('single sign-on in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let dns: TestDnsServer;
  let idp: TestIdp | undefined;
  let idpPort: number;
  let callback: string;
  let teamId: string;
  let browser: Browser;
  let owner: Page;
  let ownerProblems: string[];

  beforeAll(async () => {
    [tdb, dns, idpPort] = await Promise.all([createPgliteDatabase({ migrated: true }), startDnsServer(challtestsrv!), freePort()]);
    await createUser(tdb.env, OWNER);
    teamId = await createEnterpriseTeam(tdb, 'acme', OWNER);
    [sling, browser] = await Promise.all([
      startSling({ ...tdb.env, SSO_ALLOW_PRIVATE_ISSUERS: 'true', DNS_SERVERS: dns.address, AUTH_ATTEMPTS_PER_MINUTE: '100' }),
      launchChromium(chromium!),
    ]);
    owner = await (await browser.newContext({ locale: 'en-US' })).newPage();
    ownerProblems = watchProblems(owner);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await idp?.stop();
    await dns?.stop();
    await tdb?.drop();
  });

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('the owner sets up and enables an Okta connection step by step', async () => {
    // Signed in with a cookie from the API (the password form is shell-settings.test.ts's subject).
    await useSession(owner.context(), sling.url, await signInOverHttp(sling.url, OWNER, PASSWORD));
    await owner.goto(`${sling.url}/links`);
    expect(await owner.evaluate(async (id) => (await fetch(`/api/v1/workspaces/${id}/switch`, { method: 'POST' })).status, teamId)).toBe(200);

    await owner.goto(`${sling.url}/settings`);
    await owner.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Single sign-on' }).click();
    await owner.waitForURL('**/settings/sso');

    // Step 1: the provider type (SAML 2.0 is offered too: tests/e2e/saml-sign-in.test.ts).
    const step1 = owner.getByRole('form', { name: /Step 1 of 5/ });
    // The five steps in a row above the form: the first is the current one.
    expect(await step1.getByRole('list', { name: 'Set-up steps' }).locator('[aria-current="step"]').textContent()).toContain('Choose OpenID Connect or SAML');
    expect(await step1.getByRole('radio', { name: /SAML 2.0/ }).isDisabled()).toBe(false);
    expect(await captureThemes(owner, 'settings-sso-type')).toEqual([]);
    await owner.setViewportSize(PHONE);
    expect(await noSidewaysScroll(owner)).toBe(true);
    expect(await captureThemes(owner, 'settings-sso-type-phone')).toEqual([]);
    await owner.setViewportSize({ width: 1366, height: 800 });
    await step1.locator('label.sso-type', { hasText: 'Okta' }).click();
    await step1.getByRole('button', { name: 'Continue' }).click();

    // Step 2: credentials; the issuer comes prefilled with Okta's shape.
    const step2 = owner.getByRole('form', { name: /Step 2 of 5/ });
    expect(await step2.getByLabel('Issuer URL').inputValue()).toBe('https://{your-org}.okta.com');
    await step2.getByLabel('Issuer URL').fill(`http://127.0.0.1:${idpPort}`);
    await step2.getByLabel('Client ID').fill('sling-test-client');
    await step2.getByLabel('Client secret').fill('idp-secret-7f3a9c2e5b1d');
    await step2.getByLabel('Email domain').fill('acme.test');
    await step2.getByRole('button', { name: 'Save connection' }).click();

    // Step 3: the callback URL to register with the provider.
    const card = owner.getByTestId('sso-connection');
    await card.waitFor({ timeout: 8000 }).catch(async (e) => {
      await owner.screenshot({ path: 'test-results/sso-debug.png', fullPage: true });
      throw new Error(`${e}\n${await owner.locator('main').innerText()}\n${ownerProblems.join('\n')}`);
    });
    callback = await card.getByRole('textbox', { name: 'Callback URL' }).inputValue();
    expect(callback).toMatch(new RegExp(`^${sling.url}/api/auth/sso/callback/[0-9a-f-]{36}$`));
    // The copy fields hold what the server uses (the API's callback URL and TXT record), and the steps
    // say where the set-up stands: saved, so the domain is the current step; test and enable to do.
    const saved = await owner.evaluate(async () => (await (await fetch('/api/v1/workspace/sso')).json()).connections[0]);
    expect(callback).toBe(saved.callback_url);
    expect(await card.getByRole('textbox', { name: 'TXT record value' }).inputValue()).toBe(saved.domains[0].verification.value);
    const steps = card.getByRole('list', { name: /^Set-up steps/ }).locator(':scope > li');
    const states = () => steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(await states()).toEqual(['done', 'done', 'current', 'todo', 'todo']);
    expect(await card.locator('[aria-current="step"] h3').textContent()).toContain('Verify your email domain');
    expect(await captureThemes(owner, 'settings-sso-steps')).toEqual([]);
    await owner.setViewportSize(PHONE);
    expect(await noSidewaysScroll(owner)).toBe(true);
    expect(await captureThemes(owner, 'settings-sso-steps-phone')).toEqual([]);
    await owner.setViewportSize({ width: 1366, height: 800 });
    idp = await startIdp(idpPort, [callback], { [NEWCOMER]: 'Nora Newcomer' });

    // Step 4: the test, each check listed.
    await card.getByRole('button', { name: 'Test connection' }).click();
    const checks = card.getByRole('list', { name: 'Checks' });
    await expect
      .poll(() => checks.locator('li').allTextContents())
      .toEqual([
        expect.stringMatching(/^✓Discovery document fetched: passed/),
        expect.stringMatching(/^✓Issuer matches: passed/),
        expect.stringMatching(/^✓Signing keys \(JWKS\) reachable: passed/),
        expect.stringMatching(/^✓Client ID and secret accepted: passed/),
      ]);
    expect(await card.getByRole('button', { name: 'Enable SSO' }).isDisabled()).toBe(true);
    expect(await states()).toEqual(['done', 'done', 'current', 'done', 'todo']);

    // Step 5: the DNS proof of the email domain.
    const txt = await card.getByRole('textbox', { name: 'TXT record value' }).inputValue();
    await dns.addTxt('_sling-sso.acme.test', txt);
    await card.getByRole('button', { name: 'Check DNS' }).click();
    await card.getByTestId('sso-domain').getByText('Verified', { exact: true }).waitFor();
    expect(await states()).toEqual(['done', 'done', 'done', 'done', 'current']);
    // A second email domain, with its own TXT record.
    await card.getByRole('textbox', { name: 'Add a domain' }).fill('acme-labs.test');
    await card.getByRole('button', { name: 'Add domain' }).click();
    const second = card.getByTestId('sso-domain').filter({ hasText: 'acme-labs.test' });
    await dns.addTxt('_sling-sso.acme-labs.test', await second.getByRole('textbox', { name: 'TXT record value' }).inputValue());
    await second.getByRole('button', { name: 'Check DNS' }).click();
    await second.getByText('Verified', { exact: true }).waitFor();

    // Step 6: enable.
    await card.getByRole('button', { name: 'Enable SSO' }).click();
    await expect.poll(() => card.locator('header .badge').textContent()).toBe('Enabled');
    expect(await states()).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(await captureThemes(owner, 'settings-sso')).toEqual([]);
    await owner.setViewportSize(PHONE);
    expect(await noSidewaysScroll(owner)).toBe(true);
    expect(await captureThemes(owner, 'settings-sso-phone')).toEqual([]);
    expect(ownerProblems).toEqual([]);
  });

  test('someone new continues with SSO, signs in at the provider and lands in the workspace as a Member', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    // oidc-provider's own development pages ask for a favicon it does not have and for a web font
    // (there is no internet here); Sling's pages must be clean.
    const problems = watchProblems(page, [
      /Failed to load resource: the server responded with a status of 404/,
      /Failed to load resource: net::ERR_NAME_NOT_RESOLVED/,
    ]);
    const slingProblems = () => problems.filter((p) => !p.includes('https://fonts.googleapis.com/'));

    await page.setViewportSize(PHONE);
    await page.goto(`${sling.url}/login`);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    const sso = page.getByRole('form', { name: 'Single sign-on' });
    await sso.getByLabel('Work email').fill(NEWCOMER);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await captureThemes(page, 'login-sso-phone')).toEqual([]);
    await sso.getByRole('button', { name: 'Continue with SSO' }).click();

    // oidc-provider's sign-in and consent pages.
    await page.waitForURL(`${idp!.issuer}/**`, { timeout: 10000 }).catch(async (e) => {
      throw new Error(`${e}\n${page.url()}\n${problems.join('\n')}\n${sling.output().slice(-3000)}`);
    });
    await page.locator('input[name="login"]').fill(NEWCOMER);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${sling.url}/links`);
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toBe('AWorkspace: Acme CorpMember');

    await page.goto(`${sling.url}/settings/security`);
    const first = page.getByTestId('login-row').first();
    expect(await first.textContent()).toContain('SSO · Okta');
    // The session list names the provider of this session too.
    await expect.poll(() => page.getByTestId('session-row').filter({ hasText: 'this device' }).getByTestId('session-method').textContent()).toBe('SSO · Okta');
    expect(slingProblems()).toEqual([]);
    await context.close();

    // The owner sees the newcomer among the members.
    const members = await owner.evaluate(async () => (await (await fetch('/api/v1/workspace/members')).json()).members);
    expect(members).toEqual(expect.arrayContaining([expect.objectContaining({ email: NEWCOMER, role: 'member' })]));
  });
  test('an identity the provider gives with an address outside the domain is refused', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${sling.url}/login`);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    const sso = page.getByRole('form', { name: 'Single sign-on' });
    await sso.getByLabel('Work email').fill('eve@acme.test');
    await sso.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL(`${idp!.issuer}/**`);
    // This test provider vouches for whatever login name it is given.
    await page.locator('input[name="login"]').fill('eve@elsewhere.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(new RegExp(`^${sling.url}/login\\?error=`));
    await page.getByText('outside your company’s SSO domain').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/get-session')).json())).toBeNull();
    await context.close();
    const members = await owner.evaluate(async () => (await (await fetch('/api/v1/workspace/members')).json()).members);
    expect(members.map((m: { email: string }) => m.email)).not.toContain('eve@elsewhere.test');
  });

  test('a sign-in that expired, was used already or was started in another tab ends on the sign-in page, which says to start again', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${callback}?code=x&state=from-another-tab`);
    await page.waitForURL(`${sling.url}/login?error=state_mismatch`);
    await page.getByText('This sign-in expired or was started in another tab or browser. Start again with “Continue with SSO”.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('Settings → Audit log lists the setup, the SSO sign-in and the just-in-time join; filter and CSV export', async () => {
    await owner.setViewportSize({ width: 1280, height: 900 });
    await owner.goto(`${sling.url}/settings/sso`);
    await owner.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Audit log' }).click();
    await owner.waitForURL('**/settings/audit');
    const list = owner.getByTestId('audit-list');
    const sentences = () => list.locator('.audit-summary').allTextContents();
    expect(await sentences()).toEqual(
      expect.arrayContaining([
        'Nora Newcomer signed in via Okta',
        'Okta added Nora Newcomer as member on first SSO sign-in',
        'olivia enabled the SSO connection Okta',
        'olivia verified the domain acme.test of Okta',
        'olivia tested the SSO connection Okta: all checks passed',
        'olivia created the SSO connection Okta',
      ]),
    );
    // Relative time, the exact moment on hover.
    const time = list.locator('time').first();
    expect(await time.textContent()).toMatch(/now|ago/);
    expect(await time.getAttribute('title')).toMatch(/\d{4}/);
    expect(await captureThemes(owner, 'settings-audit')).toEqual([]);

    await owner.getByLabel('Action').selectOption({ label: 'Member provisioned' });
    await owner.waitForURL('**/settings/audit?action=member.provisioned');
    await expect.poll(sentences).toEqual(['Okta added Nora Newcomer as member on first SSO sign-in']);
    const href = await owner.getByTestId('audit-export').getAttribute('href');
    expect(href).toBe('/api/v1/workspace/audit/export?action=member.provisioned');
    const csv = await owner.evaluate(async (h) => (await fetch(h)).text(), href!);
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toContain('member.provisioned');

    await owner.setViewportSize(PHONE);
    await owner.goto(`${sling.url}/settings/audit`);
    expect(await noSidewaysScroll(owner)).toBe(true);
    expect(await captureThemes(owner, 'settings-audit-phone')).toEqual([]);
    expect(ownerProblems).toEqual([]);
  });
});
