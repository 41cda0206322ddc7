import { randomUUID } from 'node:crypto';
import { createCompanyAs, startHarness, type Harness, type TestUser } from '../support/harness';

const LIMIT = 3;
let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness({ smtp: true, env: { INVITATION_LIMIT_PER_COMPANY: String(LIMIT) } });
  owner = await h.user({ firstName: 'Olga', lastName: 'Owner' });
});
afterAll(async () => {
  await h?.close();
});

const invite = (companyId: string, email = `guest-${randomUUID().slice(0, 8)}@example.test`) =>
  h.call(owner, {
    method: 'POST',
    url: '/api/company/invite',
    payload: { companyId, email, firstName: 'Ina', lastName: 'Vitee', role: 'viewer' },
  });
const count = async (sql: string, params: unknown[]) =>
  (await h.admin.query(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n as number;

test('trips at the configured number per company with 429, a clear message and Retry-After; nothing past it is stored or sent', async () => {
  const companyId = await createCompanyAs(h, owner, 'Limited Co');
  const guests = Array.from({ length: LIMIT }, (_, i) => `guest-${i}-${randomUUID().slice(0, 8)}@example.test`);
  for (const email of guests) expect((await invite(companyId, email)).statusCode).toBe(201);

  const refused = await invite(companyId, 'one-too-many@example.test');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({
    statusCode: 429,
    code: 'invitation_limit',
    message: `This company has sent too many invitations in the last 10 minutes. Try again later. At most ${LIMIT} every 10 minutes.`,
  });
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);

  expect(await count('company.invitations WHERE company_id = $1', [companyId])).toBe(LIMIT);
  expect(await count(`company.outbox WHERE recipient = $1`, ['one-too-many@example.test'])).toBe(0);
  // The three that were accepted are delivered; the refused one never is.
  for (const email of guests)
    await h.smtp!.waitForMessage((m) => (m.to as { text: string }).text.includes(email), 15000);
  expect(h.smtp!.messages.some((m) => (m.to as { text: string }).text.includes('one-too-many@example.test'))).toBe(
    false,
  );

  // Revoking gives no slot back.
  const { rows } = await h.admin.query<{ id: string }>(
    `SELECT id FROM company.invitations WHERE company_id = $1 LIMIT 1`,
    [companyId],
  );
  expect(
    (await h.call(owner, { method: 'DELETE', url: '/api/company/invite', payload: { invitationId: rows[0].id } }))
      .statusCode,
  ).toBe(200);
  expect((await invite(companyId)).statusCode).toBe(429);

  // Another company has its own allowance.
  const other = await createCompanyAs(h, owner, 'Other Co');
  expect((await invite(other)).statusCode).toBe(201);

  // Once the counted invitations are older than the window, inviting works again.
  await h.admin.query(
    `UPDATE company.invitations SET created_at = created_at - interval '11 minutes' WHERE company_id = $1`,
    [companyId],
  );
  expect((await invite(companyId)).statusCode).toBe(201);
});

test('concurrent invitations cannot pass the limit together', async () => {
  const companyId = await createCompanyAs(h, owner, 'Rush Co');
  const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => invite(companyId)));
  const statuses = answers.map((a) => a.statusCode).sort();
  expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(3).fill(429)]);
  expect(await count('company.invitations WHERE company_id = $1', [companyId])).toBe(LIMIT);
});
