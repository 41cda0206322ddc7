import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createPool } from '@tracemap/service-kit';
import { createTestDatabase, startSmtpPeer, waitFor, type SmtpPeer, type TestDatabase } from '@tracemap/test-kit';
import { FakePeers } from './support/fake-peers';
import { FakeStripe } from './support/fake-stripe';
import { startServiceProcess, type ServiceProcess } from './support/service-process';

// The service as its own process, SIGKILLed while a webhook is half done (the event's
// transaction is open and waiting on the provider), then started again: the provider's
// redelivery must bring the final state, and the email must go out once.
const SERVICE_TOKEN = 'internal-token-for-tests-0123456789';
const SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
let database: TestDatabase;
let db: ReturnType<typeof createPool>;
let stripe: FakeStripe;
let peers: FakePeers;
let smtp: SmtpPeer;
let service: ServiceProcess | null = null;
const signer = new Stripe('sk_test_unused', { telemetry: false });

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool({ databaseUrl: database.url, schema: 'subscription', max: 2 });
  stripe = new FakeStripe();
  await stripe.start();
  peers = new FakePeers(SERVICE_TOKEN);
  await peers.start();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await service?.kill();
  await db?.end();
  await peers?.stop();
  await smtp?.stop();
  await stripe?.stop();
  await database?.drop();
});

const start = (env: Record<string, string> = {}) =>
  startServiceProcess({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: 'http://127.0.0.1:9',
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    COMPANY_URL: peers.url,
    ACCOUNT_URL: peers.url,
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_WORKER: 'false',
    SANDBOX_WEBHOOK_WORKER: 'false',
    ...env,
  });

function deliver(url: string, event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: 'event', created: Math.floor(Date.now() / 1000), ...event });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return fetch(`${url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
}

test('a kill between reading the provider and committing loses nothing and sends no email twice', async () => {
  service = await start();
  const companyId = randomUUID();
  const customer = `cus_${companyId.slice(0, 8)}`;
  peers.contacts.set(companyId, [{ email: 'owner@example.test', firstName: 'Ada' }]);
  await db.query(`INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2)`, [companyId, customer]);
  const sub = stripe.putSubscription({ customer, status: 'active', metadata: { companyId } });
  const created = await deliver(service.url, {
    id: `evt_${randomUUID()}`,
    type: 'customer.subscription.created',
    data: { object: { id: sub.id, object: 'subscription', customer } },
  });
  expect(created.status).toBe(200);

  // The renewal fails at the provider; its event reaches a service that dies mid-way.
  stripe.putSubscription({ ...sub, status: 'past_due' });
  const failed = {
    id: `evt_${randomUUID()}`,
    type: 'invoice.payment_failed',
    data: { object: { id: 'in_1', object: 'invoice', customer } },
  };
  const held = stripe.holdNext('GET', '/v1/subscriptions');
  const firstAttempt = deliver(service.url, failed).then(
    (r) => r.status,
    () => 'connection lost',
  );
  await held;
  await service.kill();
  expect(await firstAttempt).toBe('connection lost');

  const state = async () => ({
    status: (await db.query(`SELECT status FROM subscription.subscriptions WHERE company_id = $1`, [companyId])).rows[0]
      .status,
    processed: (
      await db.query(`SELECT count(*)::int AS n FROM subscription.processed_events WHERE event_id = $1`, [failed.id])
    ).rows[0].n,
    emails: (
      await db.query(`SELECT count(*)::int AS n FROM subscription.outbox WHERE recipient = 'owner@example.test'`)
    ).rows[0].n,
  });
  expect(await state()).toEqual({ status: 'active', processed: 0, emails: 0 });

  // The provider retries against the restarted service (now also sending its emails), and once more.
  service = await start({ OUTBOX_WORKER: 'true', SMTP_URL: smtp.url });
  expect((await deliver(service.url, failed)).status).toBe(200);
  expect((await deliver(service.url, failed)).status).toBe(200);
  expect(await state()).toEqual({ status: 'past_due', processed: 1, emails: 1 });

  // The one queued email reaches the mail server once.
  const mail = await smtp.waitForMessage((m) => m.subject?.includes('could not charge the card') === true, 20_000);
  expect(mail.text).toContain(`/company/${companyId}/subscription`);
  await waitFor(
    async () =>
      (await db.query(`SELECT count(*)::int AS n FROM subscription.outbox WHERE status <> 'sent'`)).rows[0].n === 0,
    {
      timeoutMs: 20_000,
      message: 'the outbox delivered',
    },
  );
  expect(smtp.messages.filter((m) => m.subject?.includes('could not charge the card'))).toHaveLength(1);
}, 120_000);
