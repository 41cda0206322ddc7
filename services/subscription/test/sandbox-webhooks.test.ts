import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// The sandbox delivering to this service's own /webhooks/stripe (its default), so the
// product's webhook handling runs on the sandbox's signed events end to end.
let h: Harness;
let stripe: Stripe;
beforeAll(async () => {
  h = await startHarness({
    sandbox: true,
    env: { SANDBOX_WEBHOOK_WORKER: 'true', SANDBOX_WEBHOOK_RETRY_BASE_MS: '20' },
  });
  const { port } = new URL(h.base);
  stripe = new Stripe(h.config.SANDBOX_SECRET_KEY, {
    host: '127.0.0.1',
    port: Number(port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await h?.close();
});

const CARD = { name: 'Ada Lovelace', expiry: '12 / 34', cvc: '123' };

/** Submits a hosted form the way a browser does (urlencoded, redirects not followed). */
async function submitForm(pageUrl: string, fields: Record<string, string>) {
  const response = await fetch(`${h.base}${new URL(pageUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status };
}

async function productSubscription(companyId: string) {
  const response = await h.app.inject({
    url: `/internal/companies/${companyId}/subscription`,
    headers: { 'x-service-token': SERVICE_TOKEN },
  });
  expect(response.statusCode).toBe(200);
  return response.json().subscription as { status: string } | null;
}

/** Moves the sandbox clock, as a product admin would, to a minute after `moment`. */
async function advancePast(moment: number) {
  const adminId = randomUUID();
  h.peers.admins.add(adminId);
  const authorization = `Bearer ${await h.tokens.mint(adminId)}`;
  const clock = (await (
    await fetch(`${h.base}/api/subscription/sandbox/clock`, { headers: { authorization } })
  ).json()) as { nowUnix: number };
  const response = await fetch(`${h.base}/api/subscription/sandbox/clock/advance`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: moment + 60 - clock.nowUnix }),
  });
  expect(response.status).toBe(200);
}

test('a hosted checkout and a failed renewal reach the product through its own webhook endpoint', async () => {
  const companyId = randomUUID();
  const customer = await stripe.customers.create({ metadata: { companyId } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: companyId,
    line_items: [{ price: 'price_team', quantity: 1 }],
    success_url: `http://localhost:8080/company/${companyId}/subscription`,
    metadata: { companyId },
    subscription_data: { metadata: { companyId } },
  });
  expect((await submitForm(session.url!, { ...CARD, number: '4242424242424242' })).status).toBe(303);
  await h.app.billingSandbox!.drainWebhooks();
  expect(await productSubscription(companyId)).toMatchObject({ status: 'active' });
  const { rows } = await h.app.db.query(
    `SELECT count(*)::int AS n FROM subscription.sandbox_events WHERE delivery_status <> 'delivered'`,
  );
  expect(rows[0].n).toBe(0);

  const subscription = await stripe.subscriptions.retrieve(
    (await stripe.checkout.sessions.retrieve(session.id)).subscription as string,
  );
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://localhost:8080/company/x/subscription',
  });
  await submitForm(portal.url, { ...CARD, number: '4000 0000 0000 0341' });
  await advancePast(subscription.items.data[0].current_period_end);
  await h.app.billingSandbox!.drainWebhooks();
  expect(await productSubscription(companyId)).toMatchObject({ status: 'past_due' });
});
