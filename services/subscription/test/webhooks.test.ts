import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import { startHarness, subscriptionEvent, type Harness } from './support/harness';

let h: Harness;
/** Event ids whose first attempt dies between reading the provider and committing. */
const dieOnce = new Set<string>();

beforeAll(async () => {
  h = await startHarness({
    overrides: {
      beforeWebhookCommit: async (eventId) => {
        if (dieOnce.delete(eventId)) throw new Error('process killed mid-webhook');
      },
    },
  });
});
afterAll(async () => {
  await h?.close();
});

/** A company with a customer and an active subscription at the provider, known locally. */
async function activeCompany() {
  const companyId = randomUUID();
  h.peers.contacts.set(companyId, [{ email: `owner-${companyId.slice(0, 6)}@example.test`, firstName: 'Ada' }]);
  await h.app.db.query(`INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2)`, [
    companyId,
    `cus_${companyId.slice(0, 8)}`,
  ]);
  const sub = h.stripe.putSubscription({
    customer: `cus_${companyId.slice(0, 8)}`,
    status: 'active',
    metadata: { companyId },
  });
  expect((await h.deliver(subscriptionEvent('customer.subscription.created', sub))).statusCode).toBe(200);
  return { companyId, sub };
}

const localRow = async (companyId: string) =>
  (
    await h.app.db.query(
      `SELECT status, provider_status, price_id, cancel_at_period_end, version FROM subscription.subscriptions WHERE company_id = $1`,
      [companyId],
    )
  ).rows[0];
const outbox = async (companyId: string) =>
  (
    await h.app.db.query(
      `SELECT template, recipient, data FROM subscription.outbox WHERE data->>'link' LIKE '%' || $1 || '%' ORDER BY created_at`,
      [companyId],
    )
  ).rows;

test('a tampered body, an old timestamp or a wrong secret is refused with 400 and changes nothing', async () => {
  const { companyId, sub } = await activeCompany();
  const before = await localRow(companyId);
  h.stripe.putSubscription({ ...sub, status: 'past_due' });
  const event = subscriptionEvent('customer.subscription.updated', sub);

  const tampered = await h.deliver(event, {
    tamper: (payload) => payload.replace('customer.subscription.updated', 'customer.subscription.deleted'),
  });
  const stale = await h.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
  const wrongSecret = await h.deliver(event, { secret: 'whsec_someone_else' });
  const unsigned = await h.app.inject({ method: 'POST', url: '/webhooks/stripe', payload: { id: 'evt_x' } });
  for (const response of [tampered, stale, wrongSecret]) {
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).code).toBe('invalid_signature');
  }
  expect(unsigned.statusCode).toBe(400);
  expect(await localRow(companyId)).toEqual(before);
  const processed = await h.app.db.query(`SELECT 1 FROM subscription.processed_events WHERE event_id = $1`, [event.id]);
  expect(processed.rows).toHaveLength(0);

  // The same event correctly signed goes through.
  expect((await h.deliver(event)).statusCode).toBe(200);
  expect((await localRow(companyId)).status).toBe('past_due');
});

test('an event delivered twice is applied and emails once', async () => {
  const { companyId, sub } = await activeCompany();
  h.stripe.putSubscription({ ...sub, status: 'past_due' });
  const failed = {
    id: `evt_${randomUUID()}`,
    type: 'invoice.payment_failed',
    data: { object: { id: 'in_x', object: 'invoice', customer: sub.customer } },
  };
  const first = await h.deliver(failed);
  const second = await h.deliver(failed);
  expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
  expect(JSON.parse(second.body).outcome).toBe('duplicate');
  const emails = await outbox(companyId);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toEqual(
    expect.objectContaining({
      template: 'payment-failed',
      data: expect.objectContaining({
        link: `http://localhost:8080/company/${companyId}/subscription`,
        companyName: 'Acme',
      }),
    }),
  );
});

test('trial ending, cancellation and the end of a subscription each send their email once', async () => {
  const { companyId, sub } = await activeCompany();
  const trialEnd = Math.floor(Date.now() / 1000) + 3 * 86400;
  await h.deliver(subscriptionEvent('customer.subscription.trial_will_end', sub, { trial_end: trialEnd }));
  h.stripe.putSubscription({ ...sub, cancelAtPeriodEnd: true });
  // An update that does not itself turn the cancellation on sends nothing.
  await h.deliver(subscriptionEvent('customer.subscription.updated', sub, { cancel_at_period_end: true }));
  const cancelEvent = subscriptionEvent('customer.subscription.updated', sub, {
    cancel_at_period_end: true,
    items: { data: [{ current_period_end: trialEnd }] },
  });
  (cancelEvent.data as Record<string, unknown>).previous_attributes = { cancel_at_period_end: false };
  await h.deliver(cancelEvent);
  await h.deliver(cancelEvent);
  h.stripe.putSubscription({ ...sub, status: 'canceled' });
  await h.deliver(subscriptionEvent('customer.subscription.deleted', sub));
  const emails = await outbox(companyId);
  expect(emails.map((e) => e.template)).toEqual(['trial-ending', 'subscription-canceled', 'subscription-canceled']);
  // The cancellation says until when; the end itself names no date.
  expect(emails.map((e) => Boolean(e.data.date))).toEqual([true, true, false]);
  expect((await localRow(companyId)).status).toBe('terminated');
});

test('a handler that dies before committing loses nothing: the redelivery brings the same final state and one email', async () => {
  const { companyId, sub } = await activeCompany();
  h.stripe.putSubscription({ ...sub, status: 'past_due' });
  const failed = {
    id: `evt_${randomUUID()}`,
    type: 'invoice.payment_failed',
    data: { object: { id: 'in_y', object: 'invoice', customer: sub.customer } },
  };
  dieOnce.add(failed.id);
  const crashed = await h.deliver(failed);
  expect(crashed.statusCode).toBe(500);
  expect((await localRow(companyId)).status).toBe('active');
  expect(await outbox(companyId)).toHaveLength(0);

  const retried = await h.deliver(failed);
  expect(retried.statusCode).toBe(200);
  await h.deliver(failed);
  expect((await localRow(companyId)).status).toBe('past_due');
  expect(await outbox(companyId)).toHaveLength(1);
});

test('events of customers that are not ours and event types billing does not use are acknowledged and ignored', async () => {
  const stranger = await h.deliver(
    subscriptionEvent('customer.subscription.updated', { id: 'sub_foreign', customer: 'cus_foreign' }),
  );
  expect(JSON.parse(stranger.body).outcome).toBe('ignored');
  const foreignMetadata = await h.deliver(
    subscriptionEvent('customer.subscription.updated', {
      id: 'sub_x',
      customer: 'cus_unknown',
      metadata: { companyId: 'acme-42' },
    }),
  );
  expect(JSON.parse(foreignMetadata.body).outcome).toBe('ignored');
  const other = await h.deliver({
    id: `evt_${randomUUID()}`,
    type: 'charge.refunded',
    data: { object: { id: 'ch_1', object: 'charge' } },
  });
  expect(JSON.parse(other.body).outcome).toBe('ignored');
});

test('a card set on the customer (as the billing portal does) is the card shown when the subscription names none', async () => {
  const { companyId, sub } = await activeCompany();
  h.stripe.customerCards.set(sub.customer, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });
  const updated = {
    id: `evt_${randomUUID()}`,
    type: 'customer.updated',
    data: { object: { id: sub.customer, object: 'customer' } },
  };
  expect((await h.deliver(updated)).statusCode).toBe(200);
  const row = (
    await h.app.db.query(
      `SELECT card_last4, card_expiration_month, card_expiration_year FROM subscription.subscriptions WHERE company_id = $1`,
      [companyId],
    )
  ).rows[0];
  expect(row).toEqual({ card_last4: '4444', card_expiration_month: 3, card_expiration_year: 2031 });
});

test('a change is announced to the company service on the database when it commits', async () => {
  const { companyId, sub } = await activeCompany();
  const listener = await h.app.db.connect();
  try {
    await listener.query(`LISTEN ${SUBSCRIPTION_EVENTS_CHANNEL}`);
    const heard = new Promise<string | undefined>((resolve) =>
      listener.once('notification', (message) => resolve(message.payload)),
    );
    h.stripe.putSubscription({ ...sub, status: 'past_due' });
    expect((await h.deliver(subscriptionEvent('customer.subscription.updated', sub))).statusCode).toBe(200);
    expect(await heard).toBe(companyId);
  } finally {
    await listener.query(`UNLISTEN ${SUBSCRIPTION_EVENTS_CHANNEL}`);
    listener.release();
  }
});

test('a trial left beside a paid subscription is ended at the provider, under its own key', async () => {
  const { companyId, sub: paid } = await activeCompany();
  const trial = h.stripe.putSubscription({
    customer: paid.customer,
    status: 'trialing',
    created: paid.created - 10,
    metadata: { companyId },
  });
  expect((await h.deliver(subscriptionEvent('customer.subscription.updated', paid))).statusCode).toBe(200);
  expect(h.stripe.subscriptions.get(trial.id)?.status).toBe('canceled');
  const call = h.stripe.writes().find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${trial.id}`);
  expect(call?.idempotencyKey).toBe(`sub-cancel-replaced-${trial.id}`);
  expect((await localRow(companyId)).status).toBe('active');
});
