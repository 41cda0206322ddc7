import type { NotificationBody } from '@tracemap/contracts';
import { IntegrationsPeer, waitFor } from '@tracemap/test-kit';
import { addMember, SERVICE_TOKEN, startHarness, type Harness } from '../support/harness';
import { api, planWorld, type PlanWorld } from '../tracking-plan/plan-support';

let h: Harness;
let integrations: IntegrationsPeer<NotificationBody>;
let world: PlanWorld;
beforeAll(async () => {
  integrations = new IntegrationsPeer<NotificationBody>();
  const url = await integrations.start();
  h = await startHarness({ env: { INTEGRATIONS_URL: url } });
  world = await planWorld(h);
});
afterAll(async () => {
  await h.close();
  await integrations.stop();
});

/** What the relay received about plan changes (member changes of the test's company go along). */
const planMessages = () => integrations.received.filter((r) => r.body.kind === 'plan_changed');

interface Burst {
  id: string;
  item_count: number;
  open: boolean;
  sent_at: Date | null;
  attempts: number;
}
const bursts = async () =>
  (
    await h.admin.query<Burst>(
      `SELECT id, item_count, open, sent_at, attempts FROM company.notification_relay
        WHERE company_id = $1 AND kind = 'plan_changed' ORDER BY first_at`,
      [world.companyId],
    )
  ).rows;
/** Arrangement: the burst's quiet minute is over. */
const makeDue = () =>
  h.admin.query(`UPDATE company.notification_relay SET due_at = now() WHERE company_id = $1 AND sent_at IS NULL`, [
    world.companyId,
  ]);
const relay = () => h.app.companyService.deps.notifications!.drain();

describe('company notifications relayed to the integrations service', () => {
  it('gathers a burst of edits by one person into one notification, relayed once the burst is due', async () => {
    const plan = api(h, world);
    await plan.create('attributes', { name: 'Cart Value', scope: 'event' });
    await plan.create('attributes', { name: 'Coupon Code', scope: 'event' });
    await plan.create('events', { name: 'Checkout Started' });
    const [open] = await bursts();
    expect(open).toMatchObject({ item_count: 3, open: true, sent_at: null });
    // Not due yet: nothing is told while the person is still editing.
    await relay();
    expect(planMessages()).toEqual([]);

    await makeDue();
    await relay();
    await waitFor(() => planMessages().length, { until: (n) => n === 1, timeoutMs: 10_000 });
    const [{ body, serviceToken }] = planMessages();
    expect(serviceToken).toBe(SERVICE_TOKEN);
    expect(body).toMatchObject({
      companyId: world.companyId,
      kind: 'plan_changed',
      dedupeKey: `plan-burst:${open.id}`,
      payload: { title: 'Tracking plan changed: 3 changes', link: `/company/${world.companyId}/events` },
    });
    expect(body.payload.text).toContain('“Coupon Code”');
    expect(body.payload.text).toContain('“Checkout Started”');
    expect((await bursts())[0]).toMatchObject({ open: false, attempts: 1 });
    expect((await bursts())[0].sent_at).not.toBeNull();
  });

  it('opens a new burst after one was relayed, and retries a relay the integrations service refused', async () => {
    const plan = api(h, world);
    const event = await plan.create('events', { name: 'Order Completed' });
    const latest = async () => (await bursts()).at(-1)!;
    expect(await latest()).toMatchObject({ item_count: 1, open: true });

    // Member changes of the world were relayed with the first burst: only this one is due now.
    integrations.failures = [503];
    const before = integrations.received.length;
    await makeDue();
    await relay();
    // Refused: kept, closed to new edits, due again later.
    expect(await latest()).toMatchObject({ open: false, sent_at: null, attempts: 1 });
    expect(integrations.received.length).toBe(before);

    await makeDue();
    await relay();
    await waitFor(() => integrations.received.length, { until: (n) => n === before + 1, timeoutMs: 10_000 });
    const body = integrations.received.at(-1)!.body;
    // One item: the message links to it and threads under earlier messages about it.
    expect(body).toMatchObject({
      subject: `event:${event.id}`,
      payload: { link: `/company/${world.companyId}/events/${event.id}` },
    });
    expect((await latest()).attempts).toBe(2);
  });

  it('tells member changes and a map shared by a public link, each in its own message', async () => {
    const before = integrations.received.length;
    const newcomer = await h.user();
    await addMember(h, world.companyId, newcomer.id, 'viewer');
    const plan = api(h, world);
    const map = await plan.post('/maps', { name: 'Shared journey', nodes: [] });
    expect(map.statusCode).toBe(201);
    const shared = await plan.post(`/maps/${map.json().id}/share`, {});
    expect([200, 201]).toContain(shared.statusCode);
    await makeDue();
    await relay();
    await waitFor(() => integrations.received.slice(before).map((r) => r.body.kind), {
      until: (kinds) => kinds.includes('member_changed') && kinds.includes('map_shared'),
      timeoutMs: 10_000,
    });
    const sent = integrations.received.slice(before).map((r) => r.body);
    expect(sent.find((b) => b.kind === 'member_changed')).toMatchObject({
      payload: { title: 'Team changed: 1 change', link: `/company/${world.companyId}/users` },
    });
    expect(sent.find((b) => b.kind === 'map_shared')).toMatchObject({
      subject: `map:${map.json().id}`,
      payload: { title: 'Map shared by a public link: Shared journey' },
    });
  });
});
