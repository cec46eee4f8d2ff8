// The Domains page in Chromium against real DNS and a real certificate authority (Debian's
// pebble-challtestsrv and pebble): add a domain (the server's field error and the plan's limit shown
// in the dialog), read its records off the page and put them into the test DNS server, Verify now
// (missing, then a wrong TXT value with what was seen, then verified), watch the certificate go to
// issued, make it the default, create a link on it in the link dialog (the preview says
// https://<host>/<code>), open that link over Sling's HTTPS port, upload and remove its favicon, set
// its app association files (deep links) and delete the domain (the dialog says how many links stop
// answering).
//
// HTTPS is checked twice: node's TLS client trusting only pebble's root (so the certificate is
// really valid for the name), and Chromium with `--host-resolver-rules` mapping the name to
// 127.0.0.1 and ignoreHTTPSErrors (Chromium cannot be told to trust pebble's per-run root).
import { createServer, type Server } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { chromium as playwright, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareAcmeServer, type TestAcmeServer } from '../helpers/acme-server';
import { createUserWithToken } from '../helpers/accounts';
import { CHROMIUM_ARGS, launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { makePngLogo } from '../helpers/decode-qr';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { challtestsrvPath, chromiumPath } from '../helpers/services';
import { freePort, startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const challtestsrv = challtestsrvPath();
const LINK_HOST = 'edge.sling.test';
const HOST = 'go.brand.test';
const EMAIL = 'domains@example.com';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Refusals the test provokes (a bad host name, the plan's limit, a JPEG favicon); Chromium logs each as a console error. */
const EXPECTED = [/status of 400/, /status of 403/, /status of 415/];
/** Pebble validates and signs within a minute or two on a loaded machine. */
const CERT_WAIT = { timeout: 170_000, interval: 1000 };

/** GET over TLS to Sling's HTTPS port with SNI `servername`, trusting only `ca`. */
function httpsGet(port: number, servername: string, path: string, ca: string): Promise<{ status: number; location?: string; protocol: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, servername, ca, headers: { host: servername } }, (res) => {
      const protocol = (res.socket as import('node:tls').TLSSocket).getProtocol();
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, protocol }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET over TLS as httpsGet does, the body's bytes. */
function httpsBytes(port: number, servername: string, path: string, ca: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, servername, ca, headers: { host: servername } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
    req.end();
  });
}

if (chromium && challtestsrv) {
  describe('the Domains page in Chromium, with pebble and its DNS server', () => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let acme: TestAcmeServer;
    let sling: SlingProcess;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    let tlsPort: number;
    let destination: Server;
    let dest: string;

    beforeAll(async () => {
      tdb = await createPgliteDatabase({ migrated: true });
      // Free plan: one custom domain, so a second is refused by the plan.
      await createUserWithToken(tdb.env, EMAIL, 'free');
      destination = createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Destination</title><h1>Landed on ${req.url}</h1>`);
      });
      await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
      dest = `http://localhost:${(destination.address() as AddressInfo).port}`;
      [dns, acme, tlsPort] = await Promise.all([startDnsServer(challtestsrv!), prepareAcmeServer(), freePort()]);
      [sling, browser] = await Promise.all([
        startSling({
          ...tdb.env,
          LINK_HOST,
          DNS_SERVERS: dns.address,
          ACME_DIRECTORY_URL: acme.directoryUrl,
          ACME_CA_FILE: acme.caFile,
          ACME_EMAIL: 'ops@example.com',
          TLS_PORT: String(tlsPort),
        }),
        launchChromium(chromium!),
      ]);
      await acme.start({ httpPort: sling.port, dnsServer: dns.address });
      await dns.setA(LINK_HOST, ['127.0.0.1']);
      context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });
      page = await context.newPage();
      problems = watchProblems(page, EXPECTED);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await sling?.stop();
      await acme?.stop();
      await dns?.stop();
      await new Promise((resolve) => destination?.close(resolve));
      await tdb?.drop();
    });

    const card = () => page.locator(`li.domain-card[data-domain="${HOST}"]`);
    const recordCell = (type: string, label: string) => card().locator(`tr[data-record="${type}"] td[data-label="${label}"]`);
    const recordStatus = (type: string) => recordCell(type, 'Last check').getByTestId('record-status');
    const addDialog = () => page.getByRole('dialog', { name: 'Add a domain' });
    /** Opens the card's details (a verified domain's start closed). */
    async function openCard() {
      const toggle = card().locator('.domain-summary button[aria-expanded]');
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await card().locator('.domain-body').waitFor();
    }
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    /** Screenshots in both themes at desktop and phone width; axe clean and nothing scrolls sideways. */
    async function checkPage(name: string) {
      for (const [size, suffix] of [
        [DESKTOP, ''],
        [PHONE, '-phone'],
      ] as const) {
        await page.setViewportSize(size);
        // On a phone the sidebar slides away into the drawer: wait until it is gone from the picture.
        if (size === PHONE) await expect.poll(() => page.locator('.sidebar').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
        await expect.poll(scrollWidth, { message: `${name}${suffix} scrolls sideways` }).toBeLessThanOrEqual(size.width);
        expect(await captureThemes(page, `${name}${suffix}`)).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);
    }

    test('add a domain: the server refuses a bad name on the field, then the records to add are shown', async () => {
      await page.goto(`${sling.url}/domains`);
      await page.waitForURL('**/login?next=%2Fdomains');
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByLabel('Password').fill('correct horse 1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/domains');
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('heading', { name: 'Use your own domain' }).waitFor();
      await checkPage('domains-empty');

      await page.getByRole('button', { name: 'Add domain' }).click();
      const field = addDialog().getByLabel('Domain');
      await field.fill('https://go.brand.test/x');
      await addDialog().getByRole('button', { name: 'Add domain' }).click();
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const fieldError = addDialog().locator('.field-error');
      expect(await fieldError.textContent()).toBe('Give only the host name (go.example.com), without http:// or a path.');
      expect(await field.getAttribute('aria-describedby')).toBe(await fieldError.getAttribute('id'));
      await checkPage('domains-add-error');

      await field.fill(HOST);
      await addDialog().getByRole('button', { name: 'Add domain' }).click();
      await addDialog().waitFor({ state: 'detached' });
      await card().waitFor();
      expect(await card().getByTestId('domain-status').textContent()).toBe('Pending');
      expect(await card().getByTestId('certificate-badge').textContent()).toBe('HTTPS waits for DNS');
      expect(await recordCell('CNAME', 'Name').locator('code').textContent()).toBe('go');
      expect(await recordCell('CNAME', 'Value').locator('code').textContent()).toBe(LINK_HOST);
      expect(await recordCell('TXT', 'Name').locator('code').textContent()).toBe('_svc-verify.go');
      expect(await recordCell('TXT', 'Value').locator('code').textContent()).toMatch(/^svc-verify=[0-9a-f]{32}$/);
      // The copy buttons put the exact value on the clipboard.
      await recordCell('TXT', 'Value').getByRole('button', { name: 'Copy TXT value' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await recordCell('TXT', 'Value').locator('code').textContent());
      await checkPage('domains-pending');
    }, 120_000);

    test('the plan allows one domain: a second is refused in plain words', async () => {
      await page.getByRole('button', { name: 'Add domain' }).click();
      await addDialog().getByLabel('Domain').fill('links.other.test');
      await addDialog().getByRole('button', { name: 'Add domain' }).click();
      const refusal = addDialog().getByTestId('add-domain-error');
      await expect.poll(() => refusal.textContent()).toMatch(/The Free plan includes 1 custom domain/);
      expect(await addDialog().getByLabel('Domain').getAttribute('aria-invalid')).toBe('false');
      expect(await refusal.getByRole('link', { name: 'See plans and usage' }).getAttribute('href')).toBe('/settings/plan');
      await checkPage('domains-plan-limit');
      await addDialog().getByRole('button', { name: 'Cancel' }).click();
      await addDialog().waitFor({ state: 'detached' });
    }, 60_000);

    test('Verify now reports each record: missing, a wrong value with what was seen, then verified; the certificate is issued', async () => {
      await card().getByRole('button', { name: 'Verify now' }).click();
      await expect.poll(() => recordStatus('CNAME').textContent()).toBe('Missing');
      expect(await recordStatus('TXT').textContent()).toBe('Missing');
      expect(await card().getByTestId('domain-status').textContent()).toBe('Pending');

      const txt = (await recordCell('TXT', 'Value').locator('code').textContent())!;
      await dns.setCname(HOST, LINK_HOST);
      await dns.setA(HOST, ['127.0.0.1']);
      await dns.addTxt(`_svc-verify.${HOST}`, 'svc-verify=not-the-token');
      await card().getByRole('button', { name: 'Verify now' }).click();
      await expect.poll(() => recordStatus('TXT').textContent()).toBe('Wrong value');
      expect(await recordStatus('CNAME').textContent()).toBe('Found');
      expect(await recordCell('TXT', 'Last check').locator('.record-seen').textContent()).toBe('Seen: svc-verify=not-the-token');
      await checkPage('domains-wrong-value');

      await dns.clearTxt(`_svc-verify.${HOST}`);
      await dns.addTxt(`_svc-verify.${HOST}`, txt);
      await card().getByRole('button', { name: 'Verify now' }).click();
      await expect.poll(() => card().getByTestId('domain-status').textContent()).toBe('Verified');
      // Nobody reloads: the page keeps looking while the certificate is on its way.
      await expect.poll(() => card().getByTestId('certificate-badge').textContent(), CERT_WAIT).toBe('HTTPS');
      expect(problems).toEqual([]);
      const cert = card().getByTestId('certificate');
      expect(await cert.getAttribute('data-state')).toBe('issued');
      expect(await cert.textContent()).toMatch(/valid until .*Renewed automatically/);
      await openCard();
      await card().getByRole('button', { name: 'Set as default' }).click();
      await expect.poll(() => card().locator('.default-badge').count()).toBe(1);
      await checkPage('domains-verified');
    }, 240_000);

    test('a link made on the domain in the link dialog answers over HTTPS', async () => {
      await page.goto(`${sling.url}/links?create`);
      const dialog = page.getByRole('dialog', { name: 'New link' });
      await dialog.waitFor();
      const picker = dialog.getByLabel('Domain');
      // The workspace's default domain is preselected; the shared one is offered too.
      expect(await picker.locator('option:checked').textContent()).toBe(HOST);
      expect(await picker.locator('option').allTextContents()).toEqual(['127.0.0.1', HOST]);
      await dialog.getByLabel('Destination URL').fill(`${dest}/from-brand`);
      await dialog.getByLabel('Alias (optional)').fill('launch');
      await expect.poll(() => dialog.getByTestId('short-url-preview').locator('code').textContent()).toBe(`https://${HOST}/launch`);
      await checkPage('domains-link-dialog');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The list shows the domain's host in the short link.
      await expect.poll(() => page.locator('ul.link-list a.short').first().textContent()).toBe(`${HOST}/launch`);

      // A TLS client that trusts only pebble's root: the certificate is valid for the name, TLS 1.3.
      const answer = await httpsGet(tlsPort, HOST, '/launch', await acme.rootPem());
      expect(answer).toEqual({ status: 302, location: `${dest}/from-brand`, protocol: 'TLSv1.3' });

      // Chromium resolves the name to this machine and follows the short link to the destination.
      const mapped = await playwright.launch({
        executablePath: chromium!,
        headless: true,
        args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
      });
      try {
        const visitor = await (await mapped.newContext({ ignoreHTTPSErrors: true })).newPage();
        const visitorProblems = watchProblems(visitor);
        const hops: Array<{ url: string; status: number }> = [];
        visitor.on('response', (r) => hops.push({ url: r.url(), status: r.status() }));
        await visitor.goto(`https://${HOST}:${tlsPort}/launch`);
        expect(visitor.url()).toBe(`${dest}/from-brand`);
        expect(await visitor.locator('h1').textContent()).toBe('Landed on /from-brand');
        expect(hops[0]).toEqual({ url: `https://${HOST}:${tlsPort}/launch`, status: 302 });
        expect(visitorProblems).toEqual([]);
      } finally {
        await mapped.close();
      }
    }, 120_000);

    test("the Favicon row: a JPEG is refused in plain words, a PNG is shown and served at the domain's /favicon.ico, Remove brings Sling's icon back", async () => {
      await page.goto(`${sling.url}/domains`);
      await openCard();
      const row = card().getByTestId('domain-favicon');
      await expect.poll(() => row.getByRole('img').getAttribute('alt')).toBe("Sling's icon");
      const file = row.getByLabel(`Favicon file for ${HOST}`);
      await file.setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      });
      await expect.poll(() => row.getByRole('alert').textContent()).toMatch(/must be a PNG image; this is a JPEG/);
      const png = makePngLogo();
      await file.setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: png });
      await expect.poll(() => row.getByRole('img').getAttribute('alt')).toBe(`Favicon of ${HOST}`);
      expect(await row.getByRole('alert').count()).toBe(0);
      await expect
        .poll(() =>
          page
            .getByTestId('toast')
            .filter({ hasText: `${HOST} now shows your favicon.` })
            .count(),
        )
        .toBe(1);
      await checkPage('domains-favicon');
      const served = await httpsBytes(tlsPort, HOST, '/favicon.ico', await acme.rootPem());
      expect(served.equals(png)).toBe(true);
      await row.getByRole('button', { name: `Remove the favicon of ${HOST}` }).click();
      await expect.poll(() => row.getByRole('img').getAttribute('alt')).toBe("Sling's icon");
      expect(problems).toEqual([]);
    }, 60_000);

    test('the redirects form saves where expired links go; a URL that is not one is refused on its field', async () => {
      await page.goto(`${sling.url}/domains`);
      await openCard();
      const form = card().getByRole('form', { name: `Redirects for ${HOST}` });
      const expired = form.getByLabel('Expired-link redirect');
      await expired.fill('not a url');
      await form.getByRole('button', { name: 'Save redirects' }).click();
      await expect.poll(() => expired.getAttribute('aria-invalid')).toBe('true');
      await expired.fill(`${dest}/ended`);
      await form.getByRole('button', { name: 'Save redirects' }).click();
      const saved = () =>
        page.evaluate(async (host) => {
          const { domains } = await (await fetch('/api/v1/domains')).json();
          return domains.find((d: { hostname: string }) => d.hostname === host)?.expired_url as string | null;
        }, HOST);
      await expect.poll(saved).toBe(`${dest}/ended`);
      await expect.poll(() => expired.getAttribute('aria-invalid')).toBe('false');
      await form.scrollIntoViewIfNeeded();
      await checkPage('domains-redirects');
      expect(problems).toEqual([]);
    }, 60_000);

    test('the Deep links section saves both app association files, served at the domain; a wrong file is refused under its editor', async () => {
      const aasa = { applinks: { details: [{ appIDs: ['ABCDE12345.com.brand.app'], components: [{ '/': '/app/*' }] }] } };
      const assetLinks = [
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: {
            namespace: 'android_app',
            package_name: 'com.brand.app',
            sha256_cert_fingerprints: ['14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5'],
          },
        },
      ];
      await page.goto(`${sling.url}/domains`);
      await openCard();
      const form = card().getByRole('form', { name: `Deep links for ${HOST}` });
      const save = form.getByRole('button', { name: 'Save deep links' });
      const write = async (title: string, text: string) => {
        await form.getByRole('textbox', { name: `${title} for ${HOST}` }).click();
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(text);
      };
      expect(await form.locator('.app-link-url').allTextContents()).toEqual([
        `Served at https://${HOST}/.well-known/apple-app-site-association`,
        `Served at https://${HOST}/.well-known/assetlinks.json`,
      ]);
      // Not JSON: said here, nothing sent.
      await write('Android: assetlinks.json', '[{ "relation": ');
      await save.click();
      await expect.poll(() => form.getByTestId('asset_links-error').textContent()).toMatch(/^This is not valid JSON/);
      // A team id that is not one: the server's message, naming the place, under the iOS editor.
      await write('iOS: apple-app-site-association', JSON.stringify({ applinks: { details: [{ appIDs: ['brand.app'], components: [] }] } }, null, 2));
      await write('Android: assetlinks.json', JSON.stringify(assetLinks, null, 2));
      await save.click();
      await expect
        .poll(() => form.getByTestId('apple_app_site_association-error').textContent())
        .toMatch(/^apple_app_site_association\.applinks\.details\[0\]\.appIDs\[0\]: must be an app ID/);
      expect(await form.getByTestId('asset_links-error').count()).toBe(0);
      await form.scrollIntoViewIfNeeded();
      await checkPage('domains-deep-links-error');
      await write('iOS: apple-app-site-association', JSON.stringify(aasa, null, 2));
      await save.click();
      const saved = () =>
        page.evaluate(async (host) => {
          const { domains } = await (await fetch('/api/v1/domains')).json();
          const d = domains.find((d: { hostname: string }) => d.hostname === host);
          return { apple: d?.apple_app_site_association, android: d?.asset_links };
        }, HOST);
      await expect.poll(saved).toEqual({ apple: aasa, android: assetLinks });
      await expect.poll(() => save.isDisabled()).toBe(true);
      expect(await form.getByRole('alert').count()).toBe(0);
      const ca = await acme.rootPem();
      expect(JSON.parse((await httpsBytes(tlsPort, HOST, '/.well-known/apple-app-site-association', ca)).toString())).toEqual(aasa);
      expect(JSON.parse((await httpsBytes(tlsPort, HOST, '/.well-known/assetlinks.json', ca)).toString())).toEqual(assetLinks);
      await form.scrollIntoViewIfNeeded();
      await checkPage('domains-deep-links');
      expect(problems).toEqual([]);
    }, 60_000);

    test('deleting the domain says how many links stop answering', async () => {
      await page.goto(`${sling.url}/domains`);
      expect(await card().getByTestId('domain-status').textContent()).toBe('Verified');
      expect(await card().locator('.domain-meta').textContent()).toContain('1 link');
      await openCard();
      await card().getByRole('button', { name: 'Delete domain…' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${HOST}?` });
      expect(await confirm.getByTestId('delete-domain-effect').textContent()).toMatch(/^Its 1 short link stops answering at once/);
      await checkPage('domains-delete-dialog');
      await confirm.getByRole('button', { name: 'Delete domain' }).click();
      await page.getByRole('heading', { name: 'Use your own domain' }).waitFor();
      const left = await page.evaluate(async () => (await (await fetch('/api/v1/domains')).json()).domains.map((d: { hostname: string }) => d.hostname));
      expect(left).toEqual(['127.0.0.1']);
      expect(problems).toEqual([]);
    }, 60_000);
  });
}
