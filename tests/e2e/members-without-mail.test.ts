// Teams on a server without mail (no SMTP_URL), in Chromium: the owner invites an address from
// Settings → Members and is shown the link to copy instead of "Invitation sent"; a new link for the
// pending invitation replaces it; the copied link, opened in a second browser, joins the invitee, whose
// member list says who invited her and when. The owner (the instance admin) then creates a
// password-reset link in the admin console, which sets a new password in a third browser (where
// Forgot password says to ask the admin). Every page:
// no console errors, axe serious/critical = 0 in both themes, no sideways scrolling at 390 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signInOverHttp, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const OWNER = 'olivia@example.com';
const INVITEE = 'mia@example.com';
const PASSWORD = 'a long password 1';
const TEAM = 'Acme Marketing';
const MAIL_OFF = 'Mail is off on this server: copy this link and send it yourself.';

describe.skipIf(!chromium)('members on a server without mail, in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let owner: Page;
  let ownerProblems: string[];
  let inviteUrl: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    ownerContext = await browser.newContext({ locale: 'en-US' });
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sling.url });
    owner = await ownerContext.newPage();
    ownerProblems = watchProblems(owner);
    // The first account is the instance's admin; the team workspace is made through the API
    // (creating one in the browser is workspace-members.test.ts's subject).
    const session = await signUpAndInOverHttp(sling.url, OWNER, 'Olivia Owner', PASSWORD);
    await useSession(ownerContext, sling.url, session);
    const created = await owner.request.post(`${sling.url}/api/v1/workspaces`, { data: { name: TEAM }, headers: { origin: sling.url } });
    expect(created.status()).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const handover = (page: Page) => page.getByTestId('handover-link');
  async function sidewaysScroll(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  test('inviting shows the link to copy, and a pending invitation gets a new one', async () => {
    await owner.goto(`${sling.url}/settings/members`);
    const invite = owner.getByRole('region', { name: 'Invite people' });
    await invite.getByText('Mail is off on this server, so you get the link to send yourself.').waitFor();
    await invite.getByLabel('Email address').fill(INVITEE);
    await invite.getByRole('button', { name: 'Create invitation' }).click();
    const shown = handover(owner);
    await shown.waitFor();
    expect(await shown.textContent()).toContain(MAIL_OFF);
    const field = shown.getByLabel(`Invitation link for ${INVITEE}`, { exact: true });
    const first = await field.inputValue();
    expect(first).toMatch(new RegExp(`^${sling.url}/invite/[A-Za-z0-9_-]{43}$`));
    await shown.getByRole('button', { name: `Copy invitation link for ${INVITEE}` }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(first);
    // No "Invitation sent": nothing was sent.
    expect(await owner.getByRole('status', { name: 'Notifications' }).textContent()).not.toContain('Invitation sent');

    const pending = owner.getByRole('region', { name: 'Pending invitations' });
    await pending.locator(`tr[data-invitation="${INVITEE}"]`).waitFor();
    expect(await pending.locator(`tr[data-invitation="${INVITEE}"] td.actions`).textContent()).toBe('New linkRevoke');
    await owner.evaluate(() => window.scrollTo(0, 0));
    expect(await captureThemes(owner, 'members-mail-off')).toEqual([]);

    // The link is not kept, so a pending invitation gets a new one; the first stops working.
    await pending.getByRole('button', { name: `Make a new link for ${INVITEE}` }).click();
    const ask = owner.getByRole('dialog', { name: `Make a new link for ${INVITEE}?` });
    await ask.getByText('The earlier link stops working.').waitFor();
    await ask.getByRole('button', { name: 'Make a new link' }).click();
    const again = pending.getByTestId('handover-link');
    await again.waitFor();
    await expect.poll(() => again.getByLabel(`Invitation link for ${INVITEE}`, { exact: true }).inputValue()).toMatch(/\/invite\//);
    inviteUrl = await again.getByLabel(`Invitation link for ${INVITEE}`, { exact: true }).inputValue();
    expect(inviteUrl).not.toBe(first);
    await again.getByRole('button', { name: `Copy invitation link for ${INVITEE}` }).click();
    await again.getByText('Copied.').waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(inviteUrl);
    expect(await handover(owner).count()).toBe(1);

    // A phone: the link and its Copy button fit.
    await owner.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(owner)).toBeLessThanOrEqual(0);
    const box = (await again.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await again.scrollIntoViewIfNeeded();
    expect(await captureThemes(owner, 'members-mail-off-phone', undefined, { fullPage: false })).toEqual([]);
    await owner.setViewportSize({ width: 1280, height: 720 });
    expect(ownerProblems).toEqual([]);

    const stale = await browser.newContext({ locale: 'en-US' });
    const stalePage = await stale.newPage();
    await stalePage.goto(first);
    await stalePage.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
    await stale.close();
  });

  test('the copied link, opened in a second browser, joins the invitee, who sees who invited her', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const member = await context.newPage();
    const problems = watchProblems(member);
    await member.goto(inviteUrl);
    await member.getByRole('heading', { name: `Join ${TEAM} on Sling` }).waitFor();
    await member.getByRole('link', { name: 'Create account' }).click();
    await member.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('email') === INVITEE);
    await member.getByLabel('Name').fill('Mia Member');
    await member.getByLabel('Password').fill(PASSWORD);
    await member.getByRole('button', { name: 'Create account' }).click();
    await member.waitForURL(inviteUrl);
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await member.waitForURL('**/links');

    await member.goto(`${sling.url}/settings/members`);
    const row = member.locator(`tr[data-member="${INVITEE}"]`);
    await row.waitFor();
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    expect(await row.locator('.member-invited').textContent()).toBe(`Invited by Olivia Owner on ${today}`);
    expect(await member.locator(`tr[data-member="${OWNER}"] .member-invited`).count()).toBe(0);
    expect(await captureThemes(member, 'members-invited-by')).toEqual([]);
    await member.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(member)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();

    // The owner's list: the invitation is used up.
    await owner.goto(`${sling.url}/settings/members`);
    await owner.getByText('No pending invitations. Invite someone above; you get a link to send them.').waitFor();
    // Revoking an invitation whose link is shown takes the link away too.
    const invite = owner.getByRole('region', { name: 'Invite people' });
    await invite.getByLabel('Email address').fill('zed@example.com');
    await invite.getByRole('button', { name: 'Create invitation' }).click();
    await handover(owner).waitFor();
    await owner.getByRole('button', { name: 'Revoke the invitation to zed@example.com' }).click();
    const revoke = owner.getByRole('dialog', { name: 'Revoke the invitation to zed@example.com?' }).getByRole('button', { name: 'Revoke invitation' });
    expect(await revoke.getAttribute('class')).toBe('destructive');
    await revoke.click();
    await handover(owner).waitFor({ state: 'detached' });
    await owner.getByText('No pending invitations.').waitFor();
    expect(ownerProblems).toEqual([]);
  });

  test('the instance admin creates a password-reset link, and it sets a new password', async () => {
    await owner.goto(`${sling.url}/admin/users`);
    await owner.getByRole('button', { name: `Reset password… for ${INVITEE}` }).click();
    const ask = owner.getByRole('dialog', { name: `Create a password-reset link for ${INVITEE}?` });
    await ask.getByText('Mail is off on this server, so you get the link to send them yourself.').waitFor();
    await ask.getByLabel(/Note for the audit trail/).fill('Asked in chat');
    await ask.getByRole('button', { name: 'Create reset link' }).click();
    const shown = handover(owner);
    await shown.waitFor();
    expect(await shown.textContent()).toContain(MAIL_OFF);
    const link = await shown.getByLabel(`Password-reset link for ${INVITEE}`, { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${sling.url}/reset-password\\?token=`));
    await shown.getByRole('button', { name: `Copy password-reset link for ${INVITEE}` }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await captureThemes(owner, 'admin-reset-link')).toEqual([]);
    await owner.setViewportSize({ width: 390, height: 844 });
    expect(await sidewaysScroll(owner)).toBeLessThanOrEqual(0);
    await owner.setViewportSize({ width: 1280, height: 720 });

    // The audit trail names it.
    await owner.goto(`${sling.url}/admin`);
    await owner.getByText('Started a password reset').first().waitFor();
    expect(ownerProblems).toEqual([]);

    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    // Forgot password cannot mail a link here, and says whom to ask instead of offering the form.
    await page.goto(`${sling.url}/forgot-password`);
    await page.getByText('This server sends no mail, so a reset link cannot reach you.').waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await captureThemes(page, 'forgot-password-mail-off')).toEqual([]);
    await page.goto(link);
    await page.getByLabel('New password').fill('a brand new password 2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
    await expect(signInOverHttp(sling.url, INVITEE, PASSWORD)).rejects.toThrow();
    expect(await signInOverHttp(sling.url, INVITEE, 'a brand new password 2')).toBeTruthy();
  });
});
