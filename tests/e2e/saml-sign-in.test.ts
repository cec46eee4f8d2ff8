// SAML 2.0 single sign-on in Chromium against a real SAML identity provider (samlify as the IdP on
// loopback, signing with its own generated key) and a real DNS server: the owner of an Enterprise
// team sets up a SAML connection in Settings → Single sign-on (the IdP's metadata URL, the
// attribute mapping; the ACS URL, entity ID and SP metadata URL to give the IdP; the test with its
// three checks; DNS proof; enable). Then someone new signs in SP-initiated ("Continue with SSO" →
// the IdP's sign-in page → back) and someone else IdP-initiated (from the IdP's own page), both
// landing in the team workspace as Members. Pages: axe clean in both themes, no sideways scroll
// at 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { startSamlIdp, type SamlIdp } from '../helpers/saml-idp';
import { challtestsrvPath, chromiumPath } from '../helpers/services';
import { freePort, startSling, type SlingProcess } from '../helpers/sling-process';
import { createEnterpriseTeam, createUser, PASSWORD } from '../helpers/sso-fixtures';

const chromium = chromiumPath();
const challtestsrv = challtestsrvPath();
const OWNER = 'owen@samlco.test';
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium || !challtestsrv)('SAML single sign-on in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let teamId: string;
  let browser: Browser;
  let owner: Page;
  let ownerProblems: string[];
  let spEntityId: string;

  beforeAll(async () => {
    let idpPort: number;
    [tdb, dns, idpPort] = await Promise.all([createPgliteDatabase({ migrated: true }), startDnsServer(challtestsrv!), freePort()]);
    idp = await startSamlIdp(idpPort, undefined, { email: 'mail', name: 'displayName' });
    await createUser(tdb.env, OWNER);
    teamId = await createEnterpriseTeam(tdb, 'samlco', OWNER);
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, SSO_ALLOW_PRIVATE_ISSUERS: 'true', DNS_SERVERS: dns.address }), launchChromium(chromium!)]);
    owner = await (await browser.newContext({ locale: 'en-US' })).newPage();
    ownerProblems = watchProblems(owner);
  }, 240_000); // several processes start on a shared machine
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await idp?.stop();
    await dns?.stop();
    await tdb?.drop();
  });

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('the owner sets up a SAML connection: IdP metadata URL, mapping, ACS URL and entity ID, the checks, enable', async () => {
    // Signed in with a cookie from the API (the password form is shell-settings.test.ts's subject).
    await useSession(owner.context(), sling.url, await signInOverHttp(sling.url, OWNER, PASSWORD));
    await owner.goto(`${sling.url}/links`);
    expect(await owner.evaluate(async (id) => (await fetch(`/api/v1/workspaces/${id}/switch`, { method: 'POST' })).status, teamId)).toBe(200);
    await owner.goto(`${sling.url}/settings/sso`);

    const step1 = owner.getByRole('form', { name: /Step 1 of 5/ });
    await step1.locator('label.sso-type', { hasText: 'SAML 2.0' }).click();
    await step1.getByRole('button', { name: 'Continue' }).click();

    const step2 = owner.getByRole('form', { name: /Step 2 of 5/ });
    await step2.getByLabel('Metadata URL').fill(idp.metadataUrl);
    await step2.getByLabel('Email domain').fill('samlco.test');
    await step2.getByLabel('Email attribute').fill('mail');
    await step2.getByLabel('Name attribute').fill('displayName');
    await step2.getByText('Or enter the identity provider’s details by hand').click();
    expect(await captureThemes(owner, 'settings-sso-saml-form')).toEqual([]);
    await owner.setViewportSize(PHONE);
    expect(await captureThemes(owner, 'settings-sso-saml-form-phone')).toEqual([]);
    expect(await noSidewaysScroll(owner)).toBe(true);
    await owner.setViewportSize({ width: 1280, height: 900 });
    await step2.getByRole('button', { name: 'Save connection' }).click();

    const card = owner.getByTestId('sso-connection');
    await card.waitFor({ timeout: 8000 });
    const acs = await card.getByRole('textbox', { name: 'ACS URL' }).inputValue();
    expect(acs).toMatch(new RegExp(`^${sling.url}/api/auth/sso/saml2/sp/acs/[0-9a-f-]{36}$`));
    spEntityId = await card.getByRole('textbox', { name: 'SP entity ID' }).inputValue();
    expect(await card.getByRole('textbox', { name: 'SP metadata URL' }).inputValue()).toBe(spEntityId);
    expect(await card.getByText('attribute “mail”').count()).toBe(1);

    await card.getByRole('button', { name: 'Test connection' }).click();
    const checks = card.getByRole('list', { name: 'Checks' });
    await expect
      .poll(() => checks.locator('li').allTextContents())
      .toEqual([
        expect.stringMatching(/^✓Identity provider metadata read: passed/),
        expect.stringMatching(/^✓Signing certificate valid and not expired: passed/),
        expect.stringMatching(/^✓ACS URL and entity ID consistent: passed/),
      ]);
    expect(await card.getByRole('button', { name: 'Enable SSO' }).isDisabled()).toBe(true);
    await dns.addTxt('_sling-sso.samlco.test', await card.getByRole('textbox', { name: 'TXT record value' }).inputValue());
    await card.getByRole('button', { name: 'Check DNS' }).click();
    await card.getByTestId('sso-domain').getByText('Verified', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Enable SSO' }).click();
    await expect.poll(() => card.locator('header .badge').textContent()).toBe('Enabled');
    expect(await captureThemes(owner, 'settings-sso-saml-checks')).toEqual([]);
    await owner.setViewportSize(PHONE);
    expect(await captureThemes(owner, 'settings-sso-saml-checks-phone')).toEqual([]);
    expect(await noSidewaysScroll(owner)).toBe(true);
    await owner.setViewportSize({ width: 1280, height: 900 });
    expect(ownerProblems).toEqual([]);
    // The IdP admin's side: the IdP reads Sling's SP metadata.
    await idp.trustSp(spEntityId);
  });

  async function signInAtIdp(page: Page, email: string, name: string) {
    await page.getByRole('heading', { name: 'Test IdP sign-in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Display name').fill(name);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('SP-initiated: Continue with SSO → the IdP → back signed in, a Member of the team', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchProblems(page, [/Failed to load resource: the server responded with a status of 404/]);
    await page.goto(`${sling.url}/login`);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    const sso = page.getByRole('form', { name: 'Single sign-on' });
    await sso.getByLabel('Work email').fill('sara@samlco.test');
    await sso.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL(`${idp.ssoUrl}?**`);
    await signInAtIdp(page, 'sara@samlco.test', 'Sara Samlsson');
    await page.waitForURL(`${sling.url}/links`);
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toBe('AWorkspace: Acme CorpMember');
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user).toMatchObject({ email: 'sara@samlco.test', name: 'Sara Samlsson' });
    // The login history names the connection.
    await page.goto(`${sling.url}/settings/security`);
    expect(await page.getByTestId('login-row').first().textContent()).toContain('SSO · SAML 2.0');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('IdP-initiated: from the IdP’s own page straight into Sling, a Member of the team', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${idp.url}/launch?sp=${encodeURIComponent(spEntityId)}`);
    await signInAtIdp(page, 'ivan@samlco.test', 'Ivan Idp');
    await page.waitForURL(`${sling.url}/links`);
    await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toBe('AWorkspace: Acme CorpMember');
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
    const members = await owner.evaluate(async () => (await (await fetch('/api/v1/workspace/members')).json()).members);
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'sara@samlco.test', role: 'member' }),
        expect.objectContaining({ email: 'ivan@samlco.test', role: 'member' }),
      ]),
    );
  });
});
