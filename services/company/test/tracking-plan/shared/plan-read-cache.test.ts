import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { service } from '../../../src/app';
import { createCompanyAs, startHarness, type Harness, type TestUser } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

// Plan reads (list pages, effective schemas and attributes, lint) are kept
// per company while a replica hears the database announce plan changes.
// Replica A is the harness app; replica B shares its database and learns of
// A's writes, and of writes made outside the service, only through those
// announcements — or, with its listening connection cut, not at all, and then
// it must read the database every time.
let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;
let replicaB: FastifyInstance;
let urlB: string;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  replicaB = await service.build(h.config, { verifier: h.tokens.verifier, logger: false });
  await replicaB.listen({ host: '127.0.0.1', port: 0 });
  urlB = `http://127.0.0.1:${(replicaB.server.address() as AddressInfo).port}`;
  for (const app of [h.app, replicaB]) await app.companyService.deps.planReads.channel!.whenUp(5000);
});
afterAll(async () => {
  await replicaB?.close();
  await h?.close();
});

async function onB(path: string, user: TestUser = world.owner) {
  const response = await fetch(`${urlB}/api/company/${world.companyId}${path}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Resolves when replica B has heard a change to the company's plan (at most 5 s). */
function heardOnB(companyId = world.companyId): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no plan change of ${companyId} heard within 5 s`)), 5000);
    replicaB.companyService.deps.planReads.onChange((heard) => {
      if (heard !== companyId) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

async function eventWithAttribute(name: string) {
  const attribute = await plan.create('attributes', { name: `${name}_amount`, type: 'number' });
  const event = await plan.create('events', {
    name: `${name} Done`,
    attributes: [{ attributeId: attribute.id, presence: 'optional' }],
  });
  return { attribute, event };
}

test('another replica answers an edited event with its new schema once it hears the change', async () => {
  const { attribute, event } = await eventWithAttribute('cache_edit');
  expect((await onB(`/events/${event.id}/schema`)).required ?? []).not.toContain(attribute.name);
  expect((await onB('/events?search=cache_edit')).items[0].attributes).toEqual([
    { attributeId: attribute.id, presence: 'optional' },
  ]);

  const heard = heardOnB();
  const patched = await plan.patch(`/events/${event.id}`, {
    attributes: [{ attributeId: attribute.id, presence: 'required' }],
  });
  expect(patched.statusCode).toBe(200);
  await heard;
  expect((await onB(`/events/${event.id}/schema`)).required).toContain(attribute.name);
  expect((await onB('/events?search=cache_edit')).items[0].attributes).toEqual([
    { attributeId: attribute.id, presence: 'required' },
  ]);
});

test('the replica that made a change reads it on its very next request', async () => {
  const { attribute, event } = await eventWithAttribute('cache_own');
  expect((await plan.get(`/events/${event.id}/effective-attributes`)).json().attributes).toHaveLength(1);
  expect((await plan.patch(`/events/${event.id}`, { attributes: [] })).statusCode).toBe(200);
  expect((await plan.get(`/events/${event.id}/effective-attributes`)).json().attributes).toEqual([]);
  expect((await plan.get(`/attributes/${attribute.id}`)).json().usedBy.events).toEqual([]);
});

test('a change made outside the service, and a settings change, are announced too', async () => {
  const { attribute, event } = await eventWithAttribute('cache_outside');
  expect((await onB(`/events/${event.id}/schema`)).properties[attribute.name].type).toContain('number');
  const heard = heardOnB();
  await h.admin.query(`UPDATE company.plan_attributes SET type = 'string' WHERE company_id = $1 AND id = $2`, [
    world.companyId,
    attribute.id,
  ]);
  await heard;
  expect((await onB(`/events/${event.id}/schema`)).properties[attribute.name].type).toContain('string');

  const system = await plan.create('attributes', { name: 'cache_system_platform', scope: 'system' });
  expect(
    (await onB(`/events/${event.id}/effective-attributes`)).attributes.map(
      (a: { attribute: { id: string } }) => a.attribute.id,
    ),
  ).toContain(system.id);
  const settingsHeard = heardOnB();
  const settings = await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, attributeInheritance: false },
  });
  expect(settings.statusCode).toBe(200);
  await settingsHeard;
  const effective = await onB(`/events/${event.id}/effective-attributes`);
  expect(effective.attributeInheritance).toBe(false);
  expect(effective.attributes.map((a: { attribute: { id: string } }) => a.attribute.id)).not.toContain(system.id);
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, attributeInheritance: true },
  });
});

test('with its listener cut, another replica reads the database on every request', async () => {
  const { attribute, event } = await eventWithAttribute('cache_cut');
  expect((await onB(`/events/${event.id}/schema`)).properties[attribute.name].description ?? '').toBe('');
  const channel = replicaB.companyService.deps.planReads.channel!;
  const down = new Promise((resolve) => channel.once('down', resolve));
  if (h.database.isPostgres) await h.admin.query('SELECT pg_terminate_backend($1)', [channel.backendPid]);
  // The embedded database has one backend for every connection: there the listener is stopped instead.
  else await channel.stop();
  await down;
  // Not heard by B: only a read of the database can see it.
  await h.admin.query(
    `UPDATE company.plan_attributes SET description = 'Unheard change' WHERE company_id = $1 AND id = $2`,
    [world.companyId, attribute.id],
  );
  expect((await onB(`/events/${event.id}/schema`)).properties[attribute.name].description).toBe('Unheard change');
  if (!h.database.isPostgres) channel.start();
  await channel.whenUp(5000);
});

test("search finds literal text, and only in the tenant's own plan", async () => {
  await plan.create('attributes', { name: 'discount_pct', description: 'Share off in % of the price' });
  await plan.create('attributes', { name: 'discountXpct', description: 'A look-alike that _ must not match' });
  const names = async (search: string) =>
    (await plan.get(`/attributes?search=${encodeURIComponent(search)}`))
      .json()
      .items.map((a: { name: string }) => a.name);
  expect(await names('discount_pct')).toEqual(['discount_pct']);
  expect(await names('in % of')).toEqual(['discount_pct']);
  expect(await names('DISCOUNT')).toEqual(['discount_pct', 'discountXpct']);

  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const foreign = await h.call(otherOwner, {
    method: 'GET',
    url: `/api/company/${otherCompany}/attributes?search=discount`,
  });
  expect(foreign.json().items).toEqual([]);

  // The lookup itself, as the service's role: only the tenant the transaction names, nothing without one.
  const asApp = async (tenant: string) => {
    const client = await h.admin.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('role', 'company_app', true), set_config('app.company_id', $1, true)`, [
        tenant,
      ]);
      const { rows } = await client.query(`SELECT company.plan_search_ids('attributes', '%discount%') AS id`);
      return rows;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  };
  expect(await asApp(world.companyId)).toHaveLength(2);
  expect(await asApp(otherCompany)).toEqual([]);
  expect(await asApp('')).toEqual([]);
});
