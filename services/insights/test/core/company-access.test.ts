import { randomUUID } from 'node:crypto';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.deps.roles.channel!.whenUp(15_000);
});
afterAll(() => h?.close());

const sources = (companyId: string) => `/api/insights/${companyId}/discovery/sources`;

test("a member's role is asked once and kept, until the company announces a change to that membership", async () => {
  const companyId = randomUUID();
  const member = await h.user(companyId, 'viewer');
  const asked = h.peer.calls.roles;
  expect((await h.call(member, { method: 'GET', url: sources(companyId) })).statusCode).toBe(200);
  expect((await h.call(member, { method: 'GET', url: sources(companyId) })).statusCode).toBe(200);
  expect(h.peer.calls.roles - asked).toBe(1);

  // Removed in the company service: the announcement drops the kept role, so the next request is refused.
  h.peer.setRole(companyId, member.id, null);
  await h.admin.query(`SELECT pg_notify('company_membership_events', $1)`, [`member:${companyId}:${member.id}`]);
  const refused = await waitFor(() => h.call(member, { method: 'GET', url: sources(companyId) }), {
    until: (response) => response.statusCode === 404,
  });
  expect(refused.json()).toEqual({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
});

test('a refusal is never kept: a new member gets in at once', async () => {
  const companyId = randomUUID();
  const user = await h.user();
  expect((await h.call(user, { method: 'GET', url: sources(companyId) })).statusCode).toBe(404);
  h.peer.setRole(companyId, user.id, 'viewer');
  expect((await h.call(user, { method: 'GET', url: sources(companyId) })).statusCode).toBe(200);
});

test('a lowered role counts from the announcement on: an admin made viewer can no longer add sources', async () => {
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  const created = await h.call(admin, {
    method: 'POST',
    url: sources(companyId),
    payload: { kind: 'upload', name: 'Files' },
  });
  expect(created.statusCode).toBe(201);
  h.peer.setRole(companyId, admin.id, 'viewer');
  await h.admin.query(`SELECT pg_notify('company_membership_events', $1)`, [`company:${companyId}`]);
  const refused = await waitFor(
    () => h.call(admin, { method: 'POST', url: sources(companyId), payload: { kind: 'upload', name: 'Again' } }),
    { until: (response) => response.statusCode === 403 },
  );
  expect(refused.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
});

test('without a token the routes answer 401, and a company service that is down answers 503, never a guess', async () => {
  const companyId = randomUUID();
  expect((await h.call(null, { method: 'GET', url: sources(companyId) })).statusCode).toBe(401);
  const down = await startHarness({ env: { COMPANY_URL: 'http://127.0.0.1:9' } });
  try {
    const user = await down.user(companyId, 'owner');
    const response = await down.call(user, { method: 'GET', url: sources(companyId) });
    expect(response.statusCode).toBe(503);
  } finally {
    await down.close();
  }
});
