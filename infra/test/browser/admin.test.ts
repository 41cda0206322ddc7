import pg from 'pg';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import { signIn, type Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { mailTo as mailIn } from './support/mail';

/**
 * The product-admin area end to end: a product admin finds a user and sends a reset, creates a
 * company for a new owner email, publishes a roadmap item that then shows on /roadmap, resends a
 * failed email, and sees each action in the audit log; a normal user gets the error page on
 * every /admin route. Then support from anywhere: a user files a bug report from a company page
 * and it reaches the team's inbox and the admin area with its fields filled.
 */

const PASSWORD = 'a-long-admin-test-password-7';
const ADMIN = 'product.admin@example.com';
const USER = 'plain.user@example.com';
const TARGET = 'needs.reset@example.com';
const NEW_OWNER = 'new.owner@example.com';
const TEAM_INBOX = 'support@tracemap.local';
const ADMIN_ROUTES = [
  '/admin',
  '/admin/email',
  '/admin/roadmap',
  '/admin/debug-test',
  '/admin/create-user',
  '/admin/create-company',
];

const people = {
  admin: { email: ADMIN, password: PASSWORD, productAdmin: true },
  user: { email: USER, password: PASSWORD },
  target: { email: TARGET, password: PASSWORD, signedIn: false },
};
type Person = keyof typeof people;

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let adminSession: Session;
let userSession: Session;

const mailTo = (address: string, subject: RegExp) => mailIn(stack, address, subject);
const pageAs = (who: Person | null) => world!.pageFor(who);

async function expectAudited(page: Page, action: string): Promise<void> {
  await page.goto(`${stack.url}/admin`);
  await page.locator(`[data-testid="admin-audit-entry"][data-action="${action}"]`).first().waitFor();
}

beforeAll(async () => {
  world = await openBrowserWorld('admin', people, { warmUp: true });
  stack = world.stack;
  adminSession = world.sessions.admin;
  userSession = world.sessions.user;
});

afterAll(async () => {
  await world?.close();
});

test('a product admin finds a user and sends a password reset; the email arrives and the action is audited', async () => {
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin`);
  await page.getByTestId('admin-overview').waitFor();
  await page.getByTestId('admin-user-search-input').fill('needs.reset');
  await page.getByTestId('admin-user-search-submit').click();
  await page.locator(`[data-testid="admin-user-result"][data-email="${TARGET}"]`).click();
  await page.locator(`[data-testid="admin-user-panel"][data-email="${TARGET}"]`).waitFor();
  await page.getByTestId('admin-action-password-reset').click();
  await page.locator('[data-testid="admin-action-result"][data-ok="true"]').waitFor();
  expect(await page.getByTestId('admin-action-result').innerText()).toBe(`Password reset email sent to ${TARGET}.`);
  const mail = await mailTo(TARGET, /reset your tracemap password/i);
  expect(mail.text).toContain('/reset-password/');
  await expectAudited(page, 'user.password_reset_sent');
  await page.context().close();
});

test('a user created by a product admin sets a first password from the invitation email and signs in', async () => {
  const invitee = 'invited.by.admin@example.com';
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin/create-user`);
  await page.getByTestId('create-user-email').fill(invitee);
  await page.getByTestId('create-user-submit').click();
  await page.locator('[data-testid="create-user-result"][data-ok="true"]').waitFor();
  await page.context().close();

  const mail = await mailTo(invitee, /invited/i);
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((u) => u.includes('/verify'));
  expect(link).toBeDefined();
  const visitor = await pageAs(null);
  await visitor.goto(link!);
  await visitor.waitForURL(/\/reset-password\/link/);
  await visitor.getByTestId('reset-form').waitFor();
  await visitor.getByLabel('New password', { exact: true }).fill('a-first-password-for-ivy-3');
  await visitor.getByLabel('Repeat the new password').fill('a-first-password-for-ivy-3');
  await visitor.getByTestId('reset-submit').click();
  await visitor.getByTestId('reset-done').waitFor();
  await visitor.context().close();
  await signIn(stack, invitee, 'a-first-password-for-ivy-3');
});

test('a product admin creates a company for a new owner email; the owner is invited and owns it', async () => {
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin/create-company`);
  await page.getByTestId('create-company-name').fill('Fresh Analytics');
  await page.getByTestId('create-company-owner').fill(NEW_OWNER);
  await page.getByTestId('create-company-submit').click();
  await page.locator('[data-testid="create-company-result"][data-ok="true"]').waitFor();
  expect(await page.getByTestId('create-company-result').innerText()).toContain('who was invited to set a password');
  await mailTo(NEW_OWNER, /invited/i);
  await page.goto(`${stack.url}/admin`);
  await page.getByTestId('admin-company-search-input').fill('Fresh');
  await page.getByTestId('admin-company-search-input').press('Enter');
  await page.getByTestId('admin-company-result').click();
  const owner = page.locator(`[data-testid="admin-company-member"][data-email="${NEW_OWNER}"]`);
  await owner.waitFor();
  expect(await owner.innerText()).toContain('owner');
  await expectAudited(page, 'company.created');
  await page.context().close();
});

test('a published roadmap item shows on the public /roadmap page', async () => {
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin/roadmap`);
  await page.getByTestId('roadmap-title').fill('Warehouse sync');
  await page.getByTestId('roadmap-description').fill('Keep the plan in step with **BigQuery**.');
  await page.getByTestId('roadmap-status').selectOption('in_progress');
  await page.getByTestId('roadmap-published').check();
  await page.getByTestId('roadmap-save').click();
  await page.locator('[data-testid="roadmap-item"][data-title="Warehouse sync"][data-published="true"]').waitFor();

  const answer = await fetch(`${stack.url}/api/account/roadmap`);
  expect(((await answer.json()) as { items: Array<{ title: string; status: string }> }).items).toEqual([
    expect.objectContaining({
      title: 'Warehouse sync',
      status: 'in_progress',
      description: 'Keep the plan in step with **BigQuery**.',
    }),
  ]);
  const visitor = await pageAs(null);
  await visitor.goto(`${stack.url}/roadmap`);
  const item = visitor.getByTestId('roadmap-item').filter({ hasText: 'Warehouse sync' });
  await item.waitFor();
  await visitor.context().close();
  await expectAudited(page, 'roadmap.created');
  await page.context().close();
});

test('a failed email is resent once from the outbox page and arrives', async () => {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO account.outbox (template, recipient, data, status, attempts, last_error)
     VALUES ('test-email', 'bounced.once@example.com', '{}', 'failed', 8, '550 mailbox unavailable') RETURNING id`,
  );
  await db.end();
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin/email`);
  await page.getByTestId('email-filter-status').selectOption('failed');
  await page.getByTestId('email-filter-submit').click();
  const row = page.locator(`[data-testid="email-row"][data-id="${rows[0].id}"]`);
  await row.getByTestId('email-open').click();
  await page.getByTestId('email-detail').getByText('Last error: 550 mailbox unavailable').waitFor();
  await page
    .frameLocator('iframe[title="Email as sent"]')
    .getByText('This is a test email sent from the admin debug page.')
    .waitFor();
  await page.getByTestId('email-resend').click();
  await page.locator('[data-testid="email-resend-result"][data-ok="true"]').waitFor();
  expect(await page.getByTestId('email-resend-result').innerText()).toBe('A copy was queued for sending.');
  // Resent once: the button is gone and the original names its copy.
  await page
    .getByTestId('email-detail')
    .getByText(/Resent as/)
    .waitFor();
  expect(await page.getByTestId('email-resend').count()).toBe(0);
  await mailTo('bounced.once@example.com', /test email/i);
  await expectAudited(page, 'email.resent');
  await page.context().close();
});

test('the debug page shows every service healthy, the remotes registry, a delivered test email and a test error with its request id', async () => {
  const page = await pageAs('admin');
  await page.goto(`${stack.url}/admin/debug-test`);
  for (const name of ['account', 'auth', 'company', 'subscription']) {
    await page.locator(`[data-testid="service-health"][data-name="${name}"][data-health="ok"]`).waitFor();
  }
  expect(await page.getByTestId('remotes-json').innerText()).toContain('mfe_admin');
  await page.getByRole('button', { name: 'Send test email' }).click();
  await page.locator('[data-testid="debug-email-result"][data-ok="true"]').waitFor();
  await mailTo(ADMIN, /tracemap test email/i);
  await page.getByTestId('debug-raise-error').click();
  const failure = page.locator('[data-testid="debug-error-result"][data-ok="true"]');
  await failure.waitFor();
  expect(await failure.innerText()).toMatch(/^The server answered 500 .+ request id [\w-]{8,}\.$/);
  await expectAudited(page, 'debug.test_error');
  await page.context().close();
});

test('a normal user gets the error page on every /admin route', async () => {
  const page = await pageAs('user');
  for (const route of ADMIN_ROUTES) {
    await page.goto(`${stack.url}${route}`);
    const error = page.getByTestId('error-page');
    await error.waitFor();
    expect([
      route,
      await error.getAttribute('data-status'),
      await page.getByTestId('error-message').innerText(),
    ]).toEqual([route, '403', 'You do not have access to this page.']);
  }
  await page.context().close();
});

test('a visitor who is not signed in sends feedback from the home page; it reaches the team and the admin area', async () => {
  const visitor = await pageAs(null);
  await visitor.goto(`${stack.url}/`);
  await visitor.getByTestId('support-open-feedback').click();
  await visitor.getByTestId('support-text').fill('Lovely docs, please add a dark mode.');
  await visitor.getByTestId('support-submit').click();
  await visitor.getByTestId('support-sent').waitFor();
  await visitor.context().close();
  const mail = await mailTo(TEAM_INBOX, /feedback from a tracemap user/i);
  expect(mail.text).toContain('Lovely docs, please add a dark mode.');
  expect(mail.text).toContain('From: anonymous');
  const admin = await pageAs('admin');
  await admin.goto(`${stack.url}/admin`);
  await admin.getByTestId('admin-feedback').filter({ hasText: 'Lovely docs, please add a dark mode.' }).waitFor();
  await admin.context().close();
});

test('a user files a bug report from a company page; the team is emailed and the admin area shows it with its fields', async () => {
  const created = await fetch(`${stack.url}/api/company/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${userSession.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bug Hunters' }),
  });
  expect(created.status).toBe(201);
  const companyId = ((await created.json()) as { company: { id: string } }).company.id;
  const page = await pageAs('user');
  await page.goto(`${stack.url}/company/${companyId}`);
  await page.getByTestId('support-open-bug').click();
  await page.getByTestId('support-bug-type').selectOption('wrong_data');
  await page.getByTestId('support-text').fill('The event count on the dashboard is off by one.');
  await page.getByTestId('support-submit').click();
  await page.getByTestId('support-sent').waitFor();
  await page.context().close();

  const mail = await mailTo(TEAM_INBOX, /bug report: wrong_data/i);
  expect(mail.text).toContain('The event count on the dashboard is off by one.');
  expect(mail.text).toContain(`from: ${USER}`);

  const support = await fetch(`${stack.url}/api/account/admin/support`, {
    headers: { authorization: `Bearer ${adminSession.access_token}` },
  });
  const report = ((await support.json()) as { bugReports: Array<Record<string, unknown>> }).bugReports.find(
    (b) => b.description === 'The event count on the dashboard is off by one.',
  );
  expect(report).toMatchObject({
    bugType: 'wrong_data',
    companyId,
    mapId: null,
    bugUrl: `${stack.url}/company/${companyId}`,
    submissionUrl: `${stack.url}/company/${companyId}`,
    userEmail: USER,
    status: 'new',
  });
  expect(report!.userAgent).toEqual(expect.stringContaining('Chrome'));

  const admin = await pageAs('admin');
  await admin.goto(`${stack.url}/admin`);
  const row = admin.locator(`[data-testid="admin-bug-report"][data-id="${report!.id as string}"]`);
  await row.waitFor();
  expect(await row.innerText()).toContain(`company ${companyId}`);
  await row.getByTestId('support-status').selectOption('triaged');
  await admin.locator('[data-testid="support-status-result"][data-ok="true"]').waitFor();
  await expectAudited(admin, 'support.status_set');
  await admin.context().close();
});
