// Workspaces in Chromium: an owner signs up, creates a team workspace and a link in it, and invites
// an address from Settings → Members; the invitee opens the mailed link in a fresh browser, signs
// up with the address pre-filled, comes back to the invitation, accepts, sees the owner's link,
// creates one of its own, and meets no admin action (links, members, webhooks). Every page: no
// console errors, axe serious/critical = 0 in both themes, and no sideways scrolling on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { startSmtpListener } from '../helpers/smtp-listener';

const chromium = chromiumPath();
const OWNER = 'olivia@example.com';
const INVITEE = 'mia@example.com';
const PASSWORD = 'a long password 1';
const TEAM = 'Acme Marketing';

describe.skipIf(!chromium)('workspaces, members and invitations in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let memberContext: BrowserContext;
  let owner: Page;
  let member: Page;
  let ownerProblems: string[];
  let memberProblems: string[];
  let inviteUrl: string;

  beforeAll(async () => {
    [tdb, smtp] = await Promise.all([createPgliteDatabase({ migrated: true }), startSmtpListener()]);
    const env = { ...tdb.env, SMTP_URL: smtp.url, MAIL_FROM: 'Sling <sling@test.example>', AUTH_ATTEMPTS_PER_MINUTE: '100' };
    [sling, browser] = await Promise.all([startSling(env), launchChromium(chromium!)]);
    ownerContext = await browser.newContext({ locale: 'en-US' });
    owner = await ownerContext.newPage();
    ownerProblems = watchProblems(owner);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await smtp?.close();
    await tdb?.drop();
  });

  const switcher = (page: Page) => page.getByTestId('workspace-switcher');
  const linkRow = (page: Page, code: string) => page.locator('ul.link-list li[data-link-id]', { has: page.locator(`a.short[href$="/${code}"]`) });
  /** The actions in a row's "…" menu (open or not). */
  const rowActions = (row: ReturnType<typeof linkRow>) => row.locator('.row-menu-panel button').allTextContents();

  async function signUp(page: Page, name: string, email: string | null) {
    await page.getByLabel('Name').fill(name);
    if (email) await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  async function createLink(page: Page, alias: string) {
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill(`https://example.com/${alias}`);
    await dialog.getByLabel('Alias (optional)').fill(alias);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await linkRow(page, alias).waitFor();
  }

  async function noSidewaysScroll(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
    return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  }

  test('the owner signs up, creates a team workspace with a link, and invites an address', async () => {
    // Through the API: the sign-up form (and landing on Links after it) is app-shell.test.ts's
    // subject; here the invitee's sign-up is.
    await useSession(ownerContext, sling.url, await signUpAndInOverHttp(sling.url, OWNER, 'Olivia Owner', PASSWORD));
    await owner.goto(`${sling.url}/links`);
    expect(await switcher(owner).textContent()).toBe('PWorkspace: PersonalOwner');

    // A personal workspace: Members has only you and points to a team workspace; General cannot delete it.
    await owner.goto(`${sling.url}/settings/members`);
    await expect.poll(() => owner.getByRole('region', { name: 'Members' }).locator('tbody tr').count()).toBe(1);
    await owner.getByRole('region', { name: 'Work with others' }).getByRole('button', { name: 'Create a team workspace' }).waitFor();
    expect(await owner.getByRole('region', { name: 'Invite people' }).count()).toBe(0);
    await owner.goto(`${sling.url}/settings/workspace`);
    await owner.getByText('it cannot be transferred or deleted').waitFor();
    expect(await owner.getByRole('button', { name: 'Delete workspace…' }).count()).toBe(0);
    await owner.goto(`${sling.url}/links`);

    // The switcher lists the personal workspace and offers to create one.
    await switcher(owner).click();
    expect(await switcher(owner).getAttribute('aria-expanded')).toBe('true');
    const panel = owner.locator('.switcher-panel');
    expect(await panel.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^PPersonalPersonal · Owner/)]);
    expect(await captureThemes(owner, 'switcher')).toEqual([]);
    await owner.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await owner.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('workspace-switcher');

    await switcher(owner).click();
    await panel.getByRole('button', { name: '+ Create workspace' }).click();
    const create = owner.getByRole('dialog', { name: 'Create a workspace' });
    await create.getByLabel('Workspace name').fill(TEAM);
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect.poll(() => switcher(owner).textContent()).toBe(`AWorkspace: ${TEAM}Owner`);
    await owner.getByText(`Every link in ${TEAM}.`).waitFor();

    await createLink(owner, 'owner-launch');

    // Invite from Settings → Members (reached through the settings nav).
    await owner.goto(`${sling.url}/settings`);
    const nav = owner.getByRole('navigation', { name: 'Settings sections' });
    expect(await nav.getByRole('list', { name: 'Workspace' }).getByRole('link').allTextContents()).toEqual([
      'General',
      'Privacy',
      'Members',
      'Tags',
      'API tokens',
      'API reference',
      'Webhooks',
      'Single sign-on',
      'Directory sync',
      'Audit log',
      'Plan & usage',
    ]);
    await nav.getByRole('link', { name: 'Members' }).click();
    await owner.waitForURL('**/settings/members');
    const members = owner.getByRole('region', { name: 'Members' });
    await expect.poll(() => members.locator('tbody tr').count()).toBe(1);
    expect(await members.locator('tbody tr').first().textContent()).toContain('Olivia Owner (you)');
    const invite = owner.getByRole('region', { name: 'Invite people' });
    await invite.getByLabel('Email address').fill(INVITEE);
    await invite.getByLabel('Role').selectOption('member');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => owner.getByRole('status', { name: 'Notifications' }).textContent()).toContain(`Invitation sent to ${INVITEE}.`);
    const pending = owner.getByRole('region', { name: 'Pending invitations' });
    await pending.locator(`tr[data-invitation="${INVITEE}"]`).waitFor();
    expect(await pending.locator(`tr[data-invitation="${INVITEE}"] td`).allTextContents()).toEqual([
      INVITEE,
      'Member',
      'Olivia Owner',
      expect.any(String),
      'ResendRevoke',
    ]);

    // Revoke asks first; Cancel keeps the invitation.
    await pending.getByRole('button', { name: `Revoke the invitation to ${INVITEE}` }).click();
    const revoke = owner.getByRole('dialog', { name: `Revoke the invitation to ${INVITEE}?` });
    await revoke.getByRole('button', { name: 'Cancel' }).click();
    await revoke.waitFor({ state: 'hidden' });
    expect(await pending.locator('tbody tr').count()).toBe(1);
    await owner.getByRole('button', { name: 'Dismiss notification' }).click();
    await owner.evaluate(() => window.scrollTo(0, 0));
    expect(await captureThemes(owner, 'members')).toEqual([]);

    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual([INVITEE]);
    expect(mail.subject).toBe(`Olivia Owner invited you to ${TEAM} on Sling`);
    inviteUrl = new RegExp(`${sling.url}/invite/[A-Za-z0-9_-]{43}`).exec(mail.text)![0];

    // General: name and slug editable by the owner, the plan, transfer and delete.
    await nav.getByRole('link', { name: 'General' }).click();
    await owner.waitForURL('**/settings/workspace');
    expect(await owner.getByLabel('Workspace name').inputValue()).toBe(TEAM);
    expect(await owner.getByTestId('workspace-plan').textContent()).toBe('free');
    await owner.getByRole('region', { name: 'Transfer ownership' }).getByText('Nobody else is in').waitFor();
    await owner.getByRole('button', { name: 'Delete workspace…' }).click();
    const del = owner.getByRole('dialog', { name: `Delete ${TEAM}?` });
    expect(await del.getByRole('button', { name: 'Delete workspace' }).isDisabled()).toBe(true);
    await del.getByLabel(/Type the workspace name/).fill(TEAM);
    expect(await del.getByRole('button', { name: 'Delete workspace' }).isDisabled()).toBe(false);
    await del.getByRole('button', { name: 'Cancel' }).click();
    expect(await captureThemes(owner, 'workspace-general')).toEqual([]);
    expect(ownerProblems).toEqual([]);
  });

  test('the invitee signs up through the mailed link, accepts, and works as a member', async () => {
    memberContext = await browser.newContext({ locale: 'en-US' });
    member = await memberContext.newPage();
    // The page's own GET /api/v1/webhooks below answers 403 on purpose.
    memberProblems = watchProblems(member, [/status of 403/]);

    await member.goto(inviteUrl);
    await member.getByRole('heading', { name: `Join ${TEAM} on Sling` }).waitFor();
    expect(await member.locator('.invite-facts').textContent()).toBe(`Workspace${TEAM}Invited byOlivia Owner (${OWNER})Your roleMember`);
    expect(await captureThemes(member, 'invite')).toEqual([]);
    await member.getByRole('link', { name: 'Create account' }).click();
    await member.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('email') === INVITEE);
    expect(await member.getByLabel('Email').inputValue()).toBe(INVITEE);
    await signUp(member, 'Mia Member', null);
    await member.waitForURL(inviteUrl); // back on the invitation, signed in
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await member.waitForURL('**/links');
    await expect.poll(() => switcher(member).textContent()).toBe(`AWorkspace: ${TEAM}Member`);

    // The owner's link is visible but not editable; the member's own link is.
    await linkRow(member, 'owner-launch').waitFor();
    await createLink(member, 'mia-first');
    const ownersRow = linkRow(member, 'owner-launch');
    expect(await rowActions(ownersRow)).toEqual(['QR code', 'Duplicate', 'Copy short link']);
    expect(await ownersRow.getByRole('checkbox').count()).toBe(0);
    expect(await ownersRow.getByRole('link', { name: /analytics for / }).count()).toBe(1);
    const ownRow = linkRow(member, 'mia-first');
    expect(await rowActions(ownRow)).toEqual(['Edit', 'QR code', 'Duplicate', 'Copy short link', 'Archive', 'Move to folder…', 'Delete']);
    expect(await captureThemes(member, 'links-member')).toEqual([]);

    // Members: the list, no admin action; Leave is offered. The nav has no Webhooks.
    await member.goto(`${sling.url}/settings/members`);
    const members = member.getByRole('region', { name: 'Members' });
    await expect.poll(() => members.locator('tbody tr').count()).toBe(2);
    expect(await members.locator('tbody tr td:first-child').allTextContents()).toEqual([
      `Olivia Owner${OWNER}`,
      `Mia Member (you)${INVITEE}Invited by Olivia Owner on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date())}`,
    ]);
    expect(await members.locator('.badge').allTextContents()).toEqual(['Owner', 'Member']);
    expect(await member.getByRole('combobox').count()).toBe(0);
    expect(await member.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await member.getByRole('region', { name: 'Invite people' }).count()).toBe(0);
    expect(await member.getByRole('region', { name: 'Pending invitations' }).count()).toBe(0);
    await member.getByRole('button', { name: 'Leave workspace' }).waitFor();
    const nav = member.getByRole('navigation', { name: 'Settings sections' });
    expect(await nav.getByRole('list', { name: 'Workspace' }).getByRole('link').allTextContents()).toEqual([
      'General',
      'Privacy',
      'Members',
      'Tags',
      'API tokens',
      'API reference',
      'Plan & usage',
    ]);
    expect(await captureThemes(member, 'members-member')).toEqual([]);

    // General is read-only for a member, with no transfer or delete.
    await member.goto(`${sling.url}/settings/workspace`);
    expect(await member.getByLabel('Workspace name').getAttribute('readonly')).not.toBeNull();
    expect(await member.getByRole('button', { name: /Save|Delete|Transfer/ }).count()).toBe(0);

    // Webhooks: only admins manage them; the API agrees.
    await member.goto(`${sling.url}/settings/webhooks`);
    expect(await member.getByTestId('needs-admin').textContent()).toContain(`Only the owner and admins of ${TEAM} manage its webhooks.`);
    expect(await member.evaluate(async () => (await fetch('/api/v1/webhooks')).status)).toBe(403);

    // The used link now says so.
    await member.goto(inviteUrl);
    await member.getByRole('heading', { name: 'This invitation was already accepted' }).waitFor();
    expect(memberProblems).toEqual([]);
  });

  test('the owner sees the new member and no pending invitation, and makes her an admin', async () => {
    await owner.goto(`${sling.url}/settings/members`);
    const row = owner.locator(`tr[data-member="${INVITEE}"]`);
    await row.waitFor();
    expect(await row.getByLabel(`Role of ${INVITEE}`).inputValue()).toBe('member');
    await row.getByRole('button', { name: `Remove ${INVITEE}` }).click();
    // Removing is destructive: the confirm button is the danger-coloured one. Cancelled here.
    const confirm = owner.getByRole('dialog').getByRole('button', { name: 'Remove member' });
    expect(await confirm.getAttribute('class')).toBe('destructive');
    await owner.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await owner.getByText('No pending invitations.').waitFor();
    await row.getByLabel(`Role of ${INVITEE}`).selectOption('admin');
    await expect.poll(() => owner.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Mia Member is now an Admin.');
    // As an admin she manages webhooks and sees the owner's link's Edit.
    await member.goto(`${sling.url}/settings/webhooks`);
    await member.getByRole('button', { name: 'Add webhook' }).waitFor();
    expect(await switcher(member).textContent()).toBe(`AWorkspace: ${TEAM}Admin`);
    await member.goto(`${sling.url}/links`);
    await linkRow(member, 'owner-launch').locator('.row-menu-panel button', { hasText: 'Edit' }).waitFor({ state: 'attached' });
    expect(ownerProblems).toEqual([]);
  });

  test('a 390 px phone: the pages and the open switcher never scroll sideways', async () => {
    await member.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/links', '/settings/members', '/settings/workspace', '/settings']) {
      await member.goto(`${sling.url}${path}`);
      const { scrollWidth, innerWidth } = await noSidewaysScroll(member);
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
    // On a phone the switcher sits in the drawer behind Menu.
    await member.getByRole('button', { name: 'Menu' }).click();
    await member.waitForFunction(() => getComputedStyle(document.getElementById('app-sidebar')!).transform === 'none');
    await switcher(member).click();
    const panel = member.locator('.switcher-panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const { scrollWidth, innerWidth } = await noSidewaysScroll(member);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await member.screenshot({ path: 'test-results/switcher-phone.png' });
    expect(memberProblems).toEqual([]);
  });

  test('the owner deletes the team workspace after typing its name; both land in their personal workspaces', async () => {
    await owner.goto(`${sling.url}/settings/workspace`);
    await owner.getByRole('button', { name: 'Delete workspace…' }).click();
    const del = owner.getByRole('dialog', { name: `Delete ${TEAM}?` });
    await del.getByLabel(/Type the workspace name/).fill(TEAM);
    await del.getByRole('button', { name: 'Delete workspace' }).click();
    await owner.waitForURL('**/links');
    expect(await switcher(owner).textContent()).toBe('PWorkspace: PersonalOwner');
    await member.goto(`${sling.url}/links`);
    expect(await switcher(member).textContent()).toBe('PWorkspace: PersonalOwner');
    await member.getByRole('region', { name: 'Shorten your first link' }).waitFor();
    expect(ownerProblems).toEqual([]);
    expect(memberProblems).toEqual([]);
  });
});
