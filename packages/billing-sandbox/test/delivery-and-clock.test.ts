import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { decodeForm } from '../src/form-encoding';
import { signaturesHeader } from '../src/webhooks/sign-payload';
import { startSandbox, WEBHOOK_SECRET, type SandboxHarness } from './support/harness';
import { HOST_SCHEMA } from './support/host-service';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(async () => {
  await h?.close();
});

test('a delivery answered with 500 is retried until the endpoint takes it, and the event then counts as delivered', async () => {
  h.receiver.answers.push(500, 503);
  const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
  const hook = await h.receiver.waitFor(
    (w) => w.event.type === 'customer.created' && w.event.data.object.id === customer.id,
  );
  // The round that delivered it has recorded the answer once the worker has drained.
  await h.app.billingSandbox!.drainWebhooks();
  const { rows } = await h.app.db.query(
    `SELECT attempts, delivery_status FROM ${HOST_SCHEMA}.sandbox_events WHERE id = $1`,
    [hook.event.id],
  );
  expect(rows[0]).toEqual({ attempts: 3, delivery_status: 'delivered' });
  expect(h.receiver.received.filter((w) => w.event.id === hook.event.id)).toHaveLength(1);
  const listed = await h.stripe.events.retrieve(hook.event.id);
  expect(listed.pending_webhooks).toBe(0);
});

test('the signature is the one the SDK generates and verifies', async () => {
  const payload = JSON.stringify({ id: 'evt_x', object: 'event' });
  const timestamp = 1_800_000_000;
  expect(signaturesHeader(payload, WEBHOOK_SECRET, timestamp)).toBe(
    h.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
  );
});

test('events are listed newest first with type and created filters and pages through starting_after', async () => {
  const since = (await h.stripe.customers.create({ email: 'page-0@example.com' })).created;
  for (let i = 1; i <= 3; i++) await h.stripe.customers.create({ email: `page-${i}@example.com` });
  const first = await h.stripe.events.list({ type: 'customer.created', created: { gte: since }, limit: 2 });
  expect(first.has_more).toBe(true);
  const second = await h.stripe.events.list({
    type: 'customer.created',
    created: { gte: since },
    limit: 2,
    starting_after: first.data[1].id,
  });
  const emails = [...first.data, ...second.data].map((e) => (e.data.object as { email: string }).email);
  expect(emails.slice(0, 4)).toEqual([
    'page-3@example.com',
    'page-2@example.com',
    'page-1@example.com',
    'page-0@example.com',
  ]);
  const all: string[] = [];
  for await (const event of h.stripe.events.list({ type: 'customer.created', created: { gte: since }, limit: 1 }))
    all.push(event.id);
  expect(all.length).toBeGreaterThanOrEqual(4);
});

test('prices come from the plan catalogue', async () => {
  const prices = await h.stripe.prices.list();
  expect(prices.data.map((p) => [p.id, p.unit_amount, p.recurring?.interval])).toEqual(
    expect.arrayContaining([
      ['price_starter', 2900, 'month'],
      ['price_team', 9900, 'month'],
      ['price_business', 29900, 'month'],
    ]),
  );
  expect(await h.stripe.prices.retrieve('price_team')).toMatchObject({ object: 'price', currency: 'usd' });
});

describe('the clock', () => {
  const clock = async (token: string | null, method = 'GET', path = '', body?: unknown) =>
    fetch(`${h.base}/api/subscription/sandbox/clock${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  test('answers product admins only, as the account service says', async () => {
    expect((await clock(null)).status).toBe(401);
    const checksBefore = h.peer.adminChecks;
    const member = await clock(await h.peer.mint('plain-user'));
    expect(member.status).toBe(403);
    expect(h.peer.adminChecks).toBe(checksBefore + 1);
    h.peer.admins.add('clock-admin');
    const admin = await clock(await h.peer.mint('clock-admin'));
    expect(admin.status).toBe(200);
    const body = await admin.json();
    expect(body).toMatchObject({ offsetSeconds: expect.any(Number), nowUnix: expect.any(Number) });
    expect(Date.parse(body.now) / 1000).toBe(body.nowUnix);
  });

  test('advances by days or seconds within bounds, and refuses anything else', async () => {
    h.peer.admins.add('clock-admin');
    const token = await h.peer.mint('clock-admin');
    const before = await (await clock(token)).json();
    const moved = await (await clock(token, 'POST', '/advance', { days: 1, seconds: 30 })).json();
    expect(moved.offsetSeconds - before.offsetSeconds).toBe(86430);
    expect((await clock(token, 'POST', '/advance', { days: 401 })).status).toBe(400);
    expect((await clock(token, 'POST', '/advance', {})).status).toBe(400);
    expect((await clock(token, 'POST', '/advance', { hours: 2 })).status).toBe(400);
    expect((await clock(token, 'POST', '/fail-next-payment', { companyId: 'no-such-company' })).status).toBe(404);
  });
});

describe('restarts', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.drop();
  });

  test('objects, the clock and undelivered events survive a restart; the next process delivers them', async () => {
    const first = await startSandbox({ database, receiver, env: { SANDBOX_WEBHOOK_WORKER: 'false' } });
    const customer = await first.stripe.customers.create({ email: 'restart@example.com' });
    await first.app.db.query(`UPDATE ${HOST_SCHEMA}.sandbox_clock SET offset_seconds = 3600`);
    await first.close();
    expect(receiver.received).toHaveLength(0);

    const second = await startSandbox({ database, receiver });
    try {
      expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      await receiver.waitFor((w) => w.event.type === 'customer.created' && w.event.data.object.id === customer.id);
      const { rows } = await second.app.db.query(`SELECT offset_seconds FROM ${HOST_SCHEMA}.sandbox_clock`);
      expect(Number(rows[0].offset_seconds)).toBe(3600);
    } finally {
      await second.close();
    }
  });
});

test('the provider form encoding decodes to nested objects and arrays', () => {
  expect(
    decodeForm(
      'items[0][price]=price_team&items[0][id]=si_1&metadata[companyId]=c%201&expand[0]=a.b&expand[]=c&created[gte]=5&__proto__[x]=1',
    ),
  ).toEqual({
    items: [{ price: 'price_team', id: 'si_1' }],
    metadata: { companyId: 'c 1' },
    expand: ['a.b', 'c'],
    created: { gte: '5' },
  });
  const tricky = decodeForm('constructor[prototype][polluted]=1&toString[x]=2&metadata[constructor]=3');
  expect(tricky).toEqual({
    constructor: { prototype: { polluted: '1' } },
    toString: { x: '2' },
    metadata: { constructor: '3' },
  });
  expect((Object as unknown as Record<string, unknown>).prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('a configured plan catalogue is what the sandbox sells', async () => {
  const plans = [
    {
      priceId: 'price_local_pro',
      name: 'Local Pro',
      amount: 4900,
      currency: 'usd',
      interval: 'month',
      features: ['Everything'],
      limits: null,
    },
  ];
  const custom = await startSandbox({ env: { BILLING_PLANS: JSON.stringify(plans) } });
  try {
    expect((await custom.stripe.prices.list()).data.map((p) => [p.id, p.unit_amount, p.nickname])).toEqual([
      ['price_local_pro', 4900, 'Local Pro'],
    ]);
    await expect(custom.stripe.prices.retrieve('price_team')).rejects.toMatchObject({ statusCode: 404 });
  } finally {
    await custom.close();
  }
});

test('a checkout session past its expiry can no longer be paid', async () => {
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_starter', quantity: 1 }],
    success_url: 'http://localhost:8080/ok',
  });
  await h.app.db.query(
    `UPDATE ${HOST_SCHEMA}.sandbox_objects SET data = jsonb_set(data, '{expires_at}', to_jsonb(0)) WHERE id = $1`,
    [session.id],
  );
  const url = `${h.base}${new URL(session.url!).pathname}`;
  expect(await (await fetch(url)).text()).toContain('This checkout is no longer active');
  const paid = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'number=4242424242424242&expiry=12%2F34&cvc=123',
    redirect: 'manual',
  });
  expect(paid.status).toBe(400);
  expect((await h.stripe.checkout.sessions.retrieve(session.id)).subscription).toBeNull();
});
