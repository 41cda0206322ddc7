import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { PLAN_EVENTS_CHANNEL, planTag } from '../../src/lib/plan-cache';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { api, planWorld, type PlanWorld } from './plan-support';

// Resolved events and their schemas are kept in memory while plan changes are
// heard. Replica A is the harness app; replica B shares its database and
// learns of A's changes only through the database's announcements, or, with
// its listening connection cut, not at all — then it must read the database.
let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;
let replicaB: FastifyInstance;
let urlB: string;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  replicaB = await buildApp(h.config, { verifier: h.tokens.verifier, logger: false });
  await replicaB.listen({ host: '127.0.0.1', port: 0 });
  urlB = `http://127.0.0.1:${(replicaB.server.address() as AddressInfo).port}`;
  for (const app of [h.app, replicaB]) await app.companyService.deps.plans.channel.whenUp(5000);
});
afterAll(async () => {
  await replicaB?.close();
  await h?.close();
});

type Schema = { properties: Record<string, unknown>; required?: string[] };
const schemaOnA = async (eventId: string, user: TestUser = world.owner): Promise<Schema> => (await plan.get(`/events/${eventId}/schema`, user)).json();
/** Real HTTP to replica B, so its listener's connection events are seen between requests. */
async function schemaOnB(eventId: string): Promise<Schema> {
  const response = await fetch(`${urlB}${plan.base}/events/${eventId}/schema`, { headers: { authorization: `Bearer ${world.owner.token}` } });
  return (await response.json()) as Schema;
}
const names = (schema: Schema) => Object.keys(schema.properties).sort();

/** Resolves when replica B has heard the tag (at most 1 s). */
function heardOnB(tag: string): Promise<void> {
  const cache = replicaB.companyService.deps.plans.cache;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${tag} not heard within 1 s`)), 1000);
    const listener = (heard: string) => {
      if (heard !== tag) return;
      clearTimeout(timer);
      cache.off('invalidated', listener);
      resolve();
    };
    cache.on('invalidated', listener);
  });
}

/**
 * Resolves once replica B has heard everything announced so far: notifications
 * arrive in commit order, so a marker sent now comes after them. Without it a
 * late announcement of an earlier change could pass for the awaited one.
 */
async function settledOnB(): Promise<void> {
  const marker = `settle:${randomUUID()}`;
  const heard = heardOnB(marker);
  await h.admin.query('SELECT pg_notify($1, $2)', [PLAN_EVENTS_CHANNEL, marker]);
  await heard;
}

async function cutListener(app: FastifyInstance) {
  const channel = app.companyService.deps.plans.channel;
  const down = new Promise((resolve) => channel.once('down', resolve));
  if (h.database.isPostgres) await h.admin.query('SELECT pg_terminate_backend($1)', [channel.backendPid]);
  // The embedded database has one backend for every connection: there the listener is stopped instead.
  else await channel.stop().then(() => channel.start());
  return { down, back: () => channel.whenUp(5000) };
}

/** An event with one own attribute, on a view carrying another, and a live system attribute. */
async function pageEvent(prefix: string) {
  const system = await plan.create('attributes', { name: `${prefix}_build`, scope: 'system' });
  const own = await plan.create('attributes', { name: `${prefix}_sku` });
  const onView = await plan.create('attributes', { name: `${prefix}_section`, scope: 'view' });
  const extra = await plan.create('attributes', { name: `${prefix}_coupon` });
  const event = await plan.create('events', { name: `${prefix} Viewed`, attributes: [{ attributeId: own.id, presence: 'required' }] });
  const view = await plan.create('views', { name: `${prefix} Page`, attributes: [{ attributeId: onView.id, presence: 'optional' }], events: [{ eventId: event.id }] });
  return { system, own, onView, extra, event, view };
}

test('on the replica that made it, every kind of plan change shows in the next schema', async () => {
  expect(h.app.companyService.deps.plans.cache.live).toBe(true);
  const p = await pageEvent('same');
  const id = p.event.id;
  expect(names(await schemaOnA(id))).toContain('same_build');

  await plan.patch(`/events/${id}`, { attributes: [{ attributeId: p.own.id, presence: 'required' }, { attributeId: p.extra.id, presence: 'required' }] });
  expect((await schemaOnA(id)).required).toContain('same_coupon');

  await plan.patch(`/views/${p.view.id}`, { attributes: [{ attributeId: p.onView.id, presence: 'required' }] });
  expect((await schemaOnA(id)).required).toContain('same_section');

  await plan.patch(`/attributes/${p.system.id}`, { status: 'archived' });
  const afterArchive = await schemaOnA(id);
  expect(names(afterArchive)).not.toContain('same_build');
  expect((await plan.get(`/events/${id}/effective-attributes`)).json().attributes.map((a: { attribute: { name: string } }) => a.attribute.name)).not.toContain('same_build');

  const off = await h.call(world.owner, { method: 'POST', url: '/api/company/update-settings', payload: { companyId: world.companyId, attributeInheritance: false } });
  expect(off.statusCode).toBe(200);
  expect(names(await schemaOnA(id))).toEqual(['same_coupon', 'same_sku']);
  expect((await plan.get(`/events/${id}/effective-attributes`)).json().attributeInheritance).toBe(false);
  await h.call(world.owner, { method: 'POST', url: '/api/company/update-settings', payload: { companyId: world.companyId, attributeInheritance: true } });
  expect(names(await schemaOnA(id))).toContain('same_section');
});

test('another replica drops the company’s schemas as soon as it hears a change', async () => {
  const p = await pageEvent('heard');
  await settledOnB();
  expect((await schemaOnB(p.event.id)).required).toEqual(['heard_sku']);

  let heard = heardOnB(planTag(world.companyId));
  await plan.patch(`/events/${p.event.id}`, { attributes: [{ attributeId: p.own.id, presence: 'required' }, { attributeId: p.extra.id, presence: 'required' }] });
  await heard;
  expect((await schemaOnB(p.event.id)).required).toContain('heard_coupon');

  heard = heardOnB(planTag(world.companyId));
  await plan.patch(`/views/${p.view.id}`, { attributes: [{ attributeId: p.onView.id, presence: 'required' }] });
  await heard;
  expect((await schemaOnB(p.event.id)).required).toContain('heard_section');

  heard = heardOnB(planTag(world.companyId));
  const off = await h.call(world.owner, { method: 'POST', url: '/api/company/update-settings', payload: { companyId: world.companyId, attributeInheritance: false } });
  expect(off.statusCode).toBe(200);
  await heard;
  expect(names(await schemaOnB(p.event.id))).toEqual(['heard_coupon', 'heard_sku']);
  heard = heardOnB(planTag(world.companyId));
  await h.call(world.owner, { method: 'POST', url: '/api/company/update-settings', payload: { companyId: world.companyId, attributeInheritance: true } });
  await heard;
  expect(names(await schemaOnB(p.event.id))).toContain('heard_section');
});

test('with its listener cut, another replica reads every schema afresh until it hears changes again', async () => {
  const p = await pageEvent('cut');
  expect(names(await schemaOnB(p.event.id))).toContain('cut_build');
  const cut = await cutListener(replicaB);
  await cut.down;
  expect(replicaB.companyService.deps.plans.cache.live).toBe(false);
  expect(names(await schemaOnB(p.event.id))).toContain('cut_build');
  await plan.patch(`/attributes/${p.system.id}`, { status: 'archived' });
  // Back already (it retries at once)? Then it listened before the change committed, or emptied itself on return after it.
  if (replicaB.companyService.deps.plans.cache.live) await settledOnB();
  expect(names(await schemaOnB(p.event.id))).not.toContain('cut_build');
  await cut.back();
  expect(names(await schemaOnB(p.event.id))).not.toContain('cut_build');
});

test('viewers never get an editor’s kept schema with hidden attributes, nor editors a viewer’s without them', async () => {
  const hidden = await plan.create('attributes', { name: 'kept_margin', exposed: false });
  const shown = await plan.create('attributes', { name: 'kept_price' });
  const event = await plan.create('events', {
    name: 'Kept Priced',
    attributes: [{ attributeId: hidden.id, presence: 'required' }, { attributeId: shown.id, presence: 'optional' }],
  });
  expect(names(await schemaOnA(event.id, world.creator))).toContain('kept_margin');
  expect(names(await schemaOnA(event.id, world.viewer))).not.toContain('kept_margin');
  expect(JSON.stringify((await plan.get(`/events/${event.id}/effective-attributes`, world.viewer)).json())).not.toContain(hidden.id);
  expect(names(await schemaOnA(event.id, world.owner))).toContain('kept_margin');
});
