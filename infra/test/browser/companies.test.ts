import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { mailTo } from './support/mail';

/**
 * Company pages end to end: A creates a company and invites B; B accepts from the emailed link
 * as a new user; A lowers B's role and B's next page shows it; A removes B and B's next
 * navigation is refused with the no-access state.
 */

let stack: Stack;
let world: BrowserWorld<'alice' | 'carol'> | undefined;
let pageA: Page;
let pageB: Page;
let companyId = '';
let invitationLink = '';

interface User {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const COMPANY = 'Acme Analytics';
const user = (email: string, firstName: string, lastName: string): User => ({
  email,
  password: `Tm-${randomBytes(12).toString('base64url')}`,
  firstName,
  lastName,
});
const userA = user('alice.owner@example.com', 'Alice', 'Owner');
const userB = user('bob.invitee@example.com', 'Bob', 'Builder');
const userC = user('carol.existing@example.com', 'Carol', 'Existing');
const INVITATION_GONE = 'Your one time verification code was already used or has expired.';

/** A and C exist from the start, with their names; they sign in through the pages. B joins as a new user. */
const existing = (u: User) => ({
  ...u,
  signedIn: false,
  userMetadata: { first_name: u.firstName, last_name: u.lastName },
});

/** The invitation link of the newest email to this address. */
async function linkFrom(address: string): Promise<string> {
  const mail = await mailTo(stack, address);
  const match = /https?:\/\/[^\s"<>]+\/invitation\/[^\s"<>]+/.exec(mail.text || mail.html);
  if (!match) throw new Error(`no invitation link in the email to ${address}`);
  return match[0].replace(/&amp;/g, '&');
}

async function invite(page: Page, u: Omit<User, 'password'>, role: string): Promise<void> {
  await page.getByTestId('invite-email').fill(u.email);
  await page.getByTestId('invite-firstName').fill(u.firstName);
  await page.getByTestId('invite-lastName').fill(u.lastName);
  await page.getByTestId('invite-role').selectOption(role);
  await page.getByTestId('invite-submit').click();
  await page.getByTestId('invite-sent').waitFor();
}

async function logIn(page: Page, u: User, redirect: string): Promise<void> {
  await page.goto(`${stack.url}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.locator('#email').fill(u.email);
  await page.locator('#password').fill(u.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === redirect);
}

const memberRow = (page: Page, email: string) => page.locator(`[data-testid="member-row"][data-email="${email}"]`);
const noCompanyBanner = (page: Page) =>
  page.locator('[data-testid="shell-banner"][data-banner-id="no-company-access"]');

beforeAll(async () => {
  world = await openBrowserWorld('companies', { alice: existing(userA), carol: existing(userC) });
  stack = world.stack;
  pageA = await world.pageFor(null);
  pageB = await world.pageFor(null);
});

afterAll(async () => {
  await world?.close();
});

test('a user without companies sees the no-company state and the Create Company banner', async () => {
  await logIn(pageA, userA, '/company');
  await pageA.getByTestId('company-list-empty').waitFor();
  await noCompanyBanner(pageA).waitFor();
  expect(await noCompanyBanner(pageA).getByRole('link', { name: 'Create Company' }).getAttribute('href')).toBe(
    '/company/create',
  );
});

test('A creates a company and lands on its dashboard as owner, with the onboarding checklist', async () => {
  await pageA.getByTestId('company-create-link').click();
  await pageA.getByTestId('company-create-name').fill(COMPANY);
  await pageA.getByTestId('company-create-submit').click();
  await pageA.waitForURL(/\/company\/[0-9a-f-]{36}$/);
  companyId = new URL(pageA.url()).pathname.split('/')[2];
  await pageA.getByTestId('company-dashboard').waitFor();
  expect(await pageA.getByTestId('dashboard-company-name').innerText()).toBe(COMPANY);
  expect(await pageA.getByTestId('dashboard-role').innerText()).toBe('Owner');
  expect(await pageA.getByTestId('onboarding-checklist').isVisible()).toBe(true);
  await noCompanyBanner(pageA).waitFor({ state: 'detached' });

  await pageA.goto(`${stack.url}/company`);
  const item = pageA.locator(`[data-testid="company-list-item"][data-company-id="${companyId}"]`);
  await item.waitFor();
  expect(await item.getByTestId('company-list-role').innerText()).toBe('Owner');
});

test('A invites B as a creator and the invitation email arrives', async () => {
  await pageA.goto(`${stack.url}/company/${companyId}/users`);
  await memberRow(pageA, userA.email).waitFor();
  await pageA.getByTestId('invite-email').fill(userB.email);
  await pageA.getByTestId('invite-firstName').fill(userB.firstName);
  await pageA.getByTestId('invite-lastName').fill(userB.lastName);
  await pageA.getByTestId('invite-role').selectOption('creator');
  await pageA.getByTestId('invite-submit').click();
  await pageA.getByTestId('invite-sent').waitFor();
  const row = pageA.locator(`[data-testid="invitation-row"][data-email="${userB.email}"]`);
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('pending');

  const mail = await mailTo(stack, userB.email);
  const match = /https?:\/\/[^\s"<>]+\/invitation\/[^\s"<>]+/.exec(mail.text || mail.html);
  expect(match).not.toBeNull();
  invitationLink = match![0].replace(/&amp;/g, '&');
  expect(new URL(invitationLink).searchParams.get('token')).toBeTruthy();
});

test('B opens the link, accepts as a new user and lands in the company as a creator', async () => {
  await pageB.goto(invitationLink);
  await pageB.getByTestId('invitation-page').waitFor();
  expect(await pageB.getByTestId('invitation-company').innerText()).toBe(COMPANY);
  expect(await pageB.getByTestId('invitation-inviter').innerText()).toContain('Alice');
  expect(await pageB.getByTestId('invitation-role').innerText()).toBe('Creator');
  await pageB.getByTestId('invitation-password').fill(userB.password);
  await pageB.getByTestId('invitation-password-confirm').fill(userB.password);
  await pageB.getByTestId('invitation-accept-new').click();
  await pageB.waitForURL(`${stack.url}/company/${companyId}`);
  await pageB.getByTestId('company-dashboard').waitFor();
  expect(await pageB.getByTestId('company-role').innerText()).toBe('Creator');
  expect(await pageB.getByTestId('dashboard-company-name').innerText()).toBe(COMPANY);
});

test('the used invitation link is refused with the spec message', async () => {
  const page = await pageB.context().newPage();
  await page.goto(invitationLink);
  await page.getByTestId('invitation-error').waitFor();
  expect(await page.getByTestId('invitation-error-message').innerText()).toBe(INVITATION_GONE);
  await page.close();
});

test('A changes B to viewer and B sees it on the next page', async () => {
  await pageA.goto(`${stack.url}/company/${companyId}/users`);
  const row = memberRow(pageA, userB.email);
  await row.waitFor();
  expect(await row.getAttribute('data-role')).toBe('creator');
  // The owner's own row offers no upgrade and no self-removal.
  expect(await memberRow(pageA, userA.email).getByTestId('member-remove').count()).toBe(0);
  await row.getByTestId('member-role-select').selectOption('viewer');
  await pageA.getByTestId('users-notice').waitFor();
  await pageA.locator(`[data-testid="member-row"][data-email="${userB.email}"][data-role="viewer"]`).waitFor();

  await pageB.getByTestId('company-nav-users').click();
  await pageB.locator('[data-testid="company-area"][data-role="viewer"]').waitFor();
  expect(await pageB.getByTestId('company-role').innerText()).toBe('Viewer');
  await pageB.getByTestId('company-users').waitFor();
  // A viewer gets no member actions and no invite form.
  expect(await pageB.getByTestId('users-read-only').isVisible()).toBe(true);
  expect(await pageB.getByTestId('invite-form').count()).toBe(0);
  expect(await pageB.getByTestId('member-role-select').count()).toBe(0);
  expect(await pageB.getByTestId('member-remove').count()).toBe(0);
  // Settings are read-only for a viewer.
  await pageB.getByTestId('company-nav-settings').click();
  await pageB.getByTestId('settings-read-only').waitFor();
  expect(await pageB.getByTestId('settings-save').count()).toBe(0);
});

test('A removes B and B loses access at once', async () => {
  const row = memberRow(pageA, userB.email);
  await pageA.getByTestId('company-nav-users').click();
  await row.waitFor();
  await row.getByTestId('member-remove').click();
  await row.getByTestId('member-remove-confirm').click();
  await row.waitFor({ state: 'detached' });

  await pageB.getByTestId('company-nav-dashboard').click();
  await pageB.getByTestId('company-no-access').waitFor();
  expect(await pageB.getByTestId('company-no-access-message').innerText()).toBe('Company not found');
  await noCompanyBanner(pageB).waitFor();

  await pageB.goto(`${stack.url}/company`);
  await pageB.getByTestId('company-list-empty').waitFor();
  expect(await pageB.getByTestId('company-list-item').count()).toBe(0);
});

test('an existing user logs in with the invited email and joins as admin; an admin cannot touch the owner', async () => {
  await pageA.goto(`${stack.url}/company/${companyId}/users`);
  await memberRow(pageA, userA.email).waitFor();
  await invite(pageA, userC, 'admin');
  const link = await linkFrom(userC.email);

  const pageC = await world!.pageFor(null);
  await pageC.goto(link);
  await pageC.getByTestId('invitation-page').waitFor();
  expect(await pageC.getByTestId('invitation-role').innerText()).toBe('Admin');
  await pageC.getByTestId('invitation-have-account').click();
  await pageC.getByTestId('invitation-login-password').fill(userC.password);
  await pageC.getByTestId('invitation-login-accept').click();
  await pageC.waitForURL(`${stack.url}/company/${companyId}`);
  await pageC.locator('[data-testid="company-area"][data-role="admin"]').waitFor();

  await pageC.getByTestId('company-nav-users').click();
  await memberRow(pageC, userA.email).waitFor();
  // The owner's row: no role change, no removal for an admin.
  expect(await memberRow(pageC, userA.email).getByTestId('member-role-select').count()).toBe(0);
  expect(await memberRow(pageC, userA.email).getByTestId('member-remove').count()).toBe(0);
  // Their own row: may step down, never up to owner.
  const own = memberRow(pageC, userC.email).getByTestId('member-role-select');
  expect(await own.locator('option').allInnerTexts()).toEqual(['Admin', 'Creator', 'Viewer']);
  // Admins invite, but not owners.
  expect(await pageC.getByTestId('invite-role').locator('option').allInnerTexts()).toEqual([
    'Admin',
    'Creator',
    'Viewer',
  ]);
  await pageC.context().close();
});

test('a revoked invitation no longer opens', async () => {
  const dave = { email: 'dave.revoked@example.com', firstName: 'Dave', lastName: 'Revoked' };
  await invite(pageA, dave, 'viewer');
  const link = await linkFrom(dave.email);
  const row = pageA.locator(`[data-testid="invitation-row"][data-email="${dave.email}"]`);
  await row.getByTestId('invitation-revoke').click();
  await row.waitFor({ state: 'detached' });

  const page = await pageB.context().newPage();
  await page.goto(link);
  await page.getByTestId('invitation-error').waitFor();
  expect(await page.getByTestId('invitation-error-message').innerText()).toBe(INVITATION_GONE);
  await page.close();
});

test('an owner edits the company settings and the new name shows at once', async () => {
  await pageA.getByTestId('company-nav-settings').click();
  await pageA.getByTestId('settings-name').fill('Acme Data');
  await pageA.getByTestId('settings-eventNameCase').selectOption('snake_case');
  await pageA.getByTestId('settings-save').click();
  await pageA.getByTestId('settings-saved').waitFor();
  await pageA.locator('[data-testid="company-name"]', { hasText: 'Acme Data' }).waitFor();
  await pageA.reload();
  await pageA.getByTestId('company-settings').waitFor();
  expect(await pageA.getByTestId('settings-name').inputValue()).toBe('Acme Data');
  expect(await pageA.getByTestId('settings-eventNameCase').inputValue()).toBe('snake_case');
});
