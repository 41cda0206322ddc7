import { randomUUID } from 'node:crypto';
import { lastSyncClient } from '@tracemap/contracts';
import { createInternalClient } from '@tracemap/service-kit';
import { createCompanyAs, SERVICE_TOKEN, startHarness, type Harness } from '../support/harness';

// The integrations service moves lastSync through the contracts' typed client; company info shows it.
let h: Harness;
let client: ReturnType<typeof lastSyncClient>;

beforeAll(async () => {
  h = await startHarness();
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  client = lastSyncClient(createInternalClient({ baseUrl: url, serviceToken: SERVICE_TOKEN }));
});
afterAll(() => h?.close());

test('lastSync moves forward only, and company info shows it at once', async () => {
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  const info = async () =>
    (await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId } })).json().lastSync;
  expect(await info()).toBeNull();
  expect(await client.moveLastSync(companyId, '2026-03-02T10:00:00.000Z')).toEqual({
    lastSync: '2026-03-02T10:00:00.000Z',
  });
  expect(await info()).toBe('2026-03-02T10:00:00.000Z');
  // A late or repeated call with an earlier time changes nothing.
  expect(await client.moveLastSync(companyId, '2026-03-01T10:00:00.000Z')).toEqual({
    lastSync: '2026-03-02T10:00:00.000Z',
  });
  expect(await info()).toBe('2026-03-02T10:00:00.000Z');
});

test('an unknown company is 404 and a bad time is 400, with nothing changed', async () => {
  await expect(client.moveLastSync(randomUUID(), '2026-03-02T10:00:00.000Z')).rejects.toMatchObject({
    statusCode: 404,
  });
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  const bad = await h.app.inject({
    method: 'POST',
    url: `/internal/companies/${companyId}/last-sync`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { at: 'yesterday' },
  });
  expect(bad.statusCode).toBe(400);
  const { rows } = await h.admin.query(`SELECT last_sync FROM company.companies WHERE id = $1`, [companyId]);
  expect(rows).toEqual([{ last_sync: null }]);
});
