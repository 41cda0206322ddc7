import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { companyInternalClient, type CompanyInternalClient } from '@tracemap/contracts';
import { AppError, createInternalClient } from '@tracemap/service-kit';
import { createCompanyAs, SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// Every answer goes through the contracts' typed client, which checks it against the response
// schema the callers (account's admin area, subscription) rely on: a route drifting from its
// contract fails here.
let h: Harness;
let client: CompanyInternalClient;
let drifted: FastifyInstance;
let driftedClient: CompanyInternalClient;

beforeAll(async () => {
  h = await startHarness();
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  client = companyInternalClient(createInternalClient({ baseUrl: url, serviceToken: SERVICE_TOKEN }));
  // A company service whose answers left the contract: a role nobody has, a count below zero, one origin as text.
  drifted = Fastify();
  drifted.get('/internal/companies/:companyId/members/:userId', async () => ({ role: 'emperor' }));
  drifted.get('/internal/admin/companies/stats', async () => ({ total: -1, newThisWeek: 0 }));
  drifted.get('/internal/maps/:mapId/frame-ancestors', async () => ({ origins: 'https://example.com' }));
  driftedClient = companyInternalClient(
    createInternalClient({ baseUrl: await drifted.listen({ port: 0, host: '127.0.0.1' }) }),
  );
});
afterAll(async () => {
  await drifted?.close();
  await h?.close();
});

test("subscription's routes answer within their contracts", async () => {
  const owner = await h.user({ firstName: 'Ada' });
  const companyId = await createCompanyAs(h, owner, 'Contract Co');
  expect(await client.memberRole(companyId, owner.id)).toEqual({ role: 'owner' });
  expect(await client.companyInfo(companyId, owner.id)).toMatchObject({ role: 'owner', company: { id: companyId } });
  expect(await client.billingContacts(companyId)).toEqual({
    companyName: 'Contract Co',
    contacts: [{ email: owner.email, firstName: 'Ada' }],
  });
  expect(await client.subscriptionChanged(companyId)).toEqual({ ok: true });
  expect(await client.companiesOf(owner.id)).toEqual({
    companies: [{ id: companyId, name: 'Contract Co', role: 'owner' }],
  });
});

test("the admin area's routes answer within their contracts", async () => {
  const owner = await h.user();
  const created = await client.createCompany({ name: 'Admin Made', ownerUserId: owner.id });
  const companyId = created.company.id;
  expect(created).toMatchObject({ company: { name: 'Admin Made' }, role: 'owner' });
  expect((await client.searchCompanies('Admin Made', 5)).companies).toEqual([
    expect.objectContaining({ id: companyId, name: 'Admin Made', memberCount: 1 }),
  ]);
  expect(await client.countCompanies()).toEqual({ total: expect.any(Number), newThisWeek: expect.any(Number) });
  expect(await client.about()).toEqual({ version: null, uptimeSeconds: expect.any(Number) });
  const member = randomUUID();
  expect(await client.addMember(companyId, { userId: member, role: 'creator' })).toEqual({
    role: 'creator',
    created: true,
  });
  expect(await client.members(companyId)).toEqual({
    company: { id: companyId, name: 'Admin Made' },
    members: expect.arrayContaining([
      { userId: owner.id, role: 'owner' },
      { userId: member, role: 'creator' },
    ]),
  });
});

test('an answer outside the contract is a 502, never a value of the wrong shape', async () => {
  for (const attempt of [
    () => driftedClient.memberRole(randomUUID(), randomUUID()),
    () => driftedClient.countCompanies(),
    () => driftedClient.frameAncestors(randomUUID()),
  ]) {
    const failure = await attempt().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});
