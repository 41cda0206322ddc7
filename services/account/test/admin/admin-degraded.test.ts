import { bearer, signedInUser, startStack, type Stack } from '../support/stack';

/** The admin area while the company and subscription services are down: their parts are marked, the rest answers. */
const A = '/api/account/admin';
let stack: Stack;
let admin: { id: string; token: string };

beforeAll(async () => {
  const email = `degraded.admin.${Date.now()}@example.com`;
  stack = await startStack({ company: false, accountEnv: { ADMIN_EMAILS: email } });
  admin = await signedInUser(stack, { email });
  await stack.account.app.inject({ method: 'GET', url: '/api/account/sync', headers: bearer(admin.token) });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const get = (url: string) => stack.account.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

test('the overview blanks what the company and subscription services own and still answers the rest', async () => {
  const res = await get(`${A}/overview`);
  expect(res.statusCode).toBe(200);
  const overview = res.json();
  expect(overview.companies).toBeNull();
  expect(overview.subscriptions).toBeNull();
  expect(overview.emails.unavailable).toEqual(['company']);
  expect(overview.users).toMatchObject({ total: 1, confirmed: 1 });
});

test('a user is shown with companies null (unknown), not an empty list', async () => {
  const res = await get(`${A}/users/${admin.id}`);
  expect(res.json()).toMatchObject({ user: { id: admin.id, anamapAdmin: true }, companies: null });
});

test('the email list names the outbox it could not read; a company action fails in the usual error shape', async () => {
  expect((await get(`${A}/emails`)).json().unavailable).toEqual(['company']);
  const res = await get(`${A}/companies?q=acme`);
  expect(res.statusCode).toBe(503);
  expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'statusCode']);
  const health = (await get(`${A}/debug/services`)).json().services;
  expect(health.find((s: { name: string }) => s.name === 'company')).toMatchObject({ health: 'down', ready: 'down' });
  expect(health.find((s: { name: string }) => s.name === 'subscription')).toMatchObject({
    health: 'down',
    ready: 'down',
  });
  expect(health.find((s: { name: string }) => s.name === 'auth')).toMatchObject({
    health: 'ok',
    ready: 'ready',
    version: null,
    uptimeSeconds: expect.any(Number),
  });
  expect(health.find((s: { name: string }) => s.name === 'company')).toMatchObject({ uptimeSeconds: null });
});
