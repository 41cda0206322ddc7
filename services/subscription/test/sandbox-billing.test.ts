import { randomUUID } from 'node:crypto';
import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// Billing end to end on the sandbox inside the service: the real SDK talks to /v1, the
// hosted checkout takes a test card, and the sandbox's signed webhooks reach /webhooks/stripe.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    sandbox: true,
    env: { SANDBOX_WEBHOOK_WORKER: 'true', SANDBOX_WEBHOOK_RETRY_BASE_MS: '20' },
  });
});
afterAll(async () => {
  await h?.close();
});

const CARD = { name: 'Ada Lovelace', expiry: '12 / 34', cvc: '123', number: '4242424242424242' };

async function submitCard(pageUrl: string) {
  const url = `${h.base}${new URL(pageUrl).pathname}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(CARD).toString(),
    redirect: 'manual',
  });
  return response.status;
}

const subscriptionOf = async (companyId: string) =>
  (
    await h.app.inject({
      url: `/internal/companies/${companyId}/subscription`,
      headers: { 'x-service-token': SERVICE_TOKEN },
    })
  ).json().subscription;

async function post(token: string, url: string, payload: Record<string, unknown>) {
  const response = await h.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('trial, checkout with a card, plan change, cancel and resume on the sandbox', async () => {
  const companyId = randomUUID();
  const userId = randomUUID();
  h.peers.member(companyId, userId, 'owner');
  h.peers.contacts.set(companyId, [{ email: 'owner@example.test', firstName: 'Ada' }]);
  const token = await h.tokens.mint(userId);

  const trial = await h.app.inject({
    method: 'POST',
    url: `/internal/companies/${companyId}/start-trial`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { creatorUserId: userId },
  });
  expect(trial.json()).toEqual({ started: true, status: 'trialing' });
  expect(await subscriptionOf(companyId)).toEqual(
    expect.objectContaining({ status: 'trialing', priceId: 'price_team' }),
  );

  // A trial is not paid for: choosing a plan goes through the hosted checkout.
  const update = await post(token, '/api/subscription/update', { companyId, priceId: 'price_starter' });
  expect(update.checkoutUrl).toEqual(expect.any(String));
  expect(await submitCard(update.checkoutUrl)).toBe(303);
  // The checkout's events, then those of the trial that the paid subscription replaces.
  await h.app.billingSandbox!.drainWebhooks();
  await h.app.billingSandbox!.drainWebhooks();
  const paid = await subscriptionOf(companyId);
  expect(paid).toEqual(
    expect.objectContaining({
      status: 'active',
      priceId: 'price_starter',
      planName: 'Starter',
      cardExpirationYear: 2034,
    }),
  );

  const preview = await post(token, '/api/subscription/preview', { companyId, priceId: 'price_business' });
  expect(preview.amountDue).toBeGreaterThan(0);
  const changed = await post(token, '/api/subscription/update', { companyId, priceId: 'price_business' });
  expect(changed.checkoutUrl).toBeUndefined();
  expect(changed.subscription).toEqual(expect.objectContaining({ status: 'active', priceId: 'price_business' }));

  expect((await post(token, '/api/subscription/cancel', { companyId })).subscription).toEqual(
    expect.objectContaining({ status: 'canceled', cancelAtPeriodEnd: true }),
  );
  expect((await post(token, '/api/subscription/resume', { companyId })).subscription).toEqual(
    expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false }),
  );

  const details = await post(token, '/api/subscription/details', { companyId });
  expect(details.subscription.card).toEqual(expect.objectContaining({ last4: '4242', expMonth: 12, expYear: 2034 }));
  expect(details.subscription.upcomingInvoice).toEqual({ amount: expect.any(Number), date: expect.any(String) });
  expect(details.subscription.upcomingInvoice.amount).toBeGreaterThan(0);
  const invoices = await post(token, '/api/subscription/invoices', { companyId });
  expect(invoices.invoices.length).toBeGreaterThan(0);
  expect((await post(token, '/api/subscription/portal', { companyId })).url).toEqual(expect.any(String));

  // Every webhook the sandbox sent was accepted, and the replaced trial no longer bills.
  await h.app.billingSandbox!.drainWebhooks();
  const undelivered = await h.app.db.query(
    `SELECT count(*)::int AS n FROM subscription.sandbox_events WHERE delivery_status <> 'delivered'`,
  );
  expect(undelivered.rows[0].n).toBe(0);
  expect((await subscriptionOf(companyId)).status).toBe('active');
  const customer = (
    await h.app.db.query(`SELECT customer_id FROM subscription.customers WHERE company_id = $1`, [companyId])
  ).rows[0].customer_id;
  const atProvider = await h.app.subscriptionService.deps.provider.listSubscriptions(customer);
  expect(atProvider.map((s) => s.status).sort()).toEqual(['active', 'canceled']);
});

test('a trial that reaches its end without a card ends, and the company is terminated', async () => {
  const companyId = randomUUID();
  const userId = randomUUID();
  h.peers.contacts.set(companyId, [{ email: 'owner2@example.test', firstName: 'Bob' }]);
  await h.app.inject({
    method: 'POST',
    url: `/internal/companies/${companyId}/start-trial`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { creatorUserId: userId },
  });
  const { trialEnd } = await subscriptionOf(companyId);

  const adminId = randomUUID();
  h.peers.admins.add(adminId);
  const headers = { authorization: `Bearer ${await h.tokens.mint(adminId)}`, 'content-type': 'application/json' };
  const clock = (await (await fetch(`${h.base}/api/subscription/sandbox/clock`, { headers })).json()) as {
    nowUnix: number;
  };
  const seconds = Math.floor(Date.parse(trialEnd) / 1000) + 60 - clock.nowUnix;
  const advanced = await fetch(`${h.base}/api/subscription/sandbox/clock/advance`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ seconds }),
  });
  expect(advanced.status).toBe(200);
  await h.app.billingSandbox!.drainWebhooks();

  expect((await subscriptionOf(companyId)).status).toBe('terminated');
  const emails = await h.app.db.query(
    `SELECT template FROM subscription.outbox WHERE recipient = 'owner2@example.test'`,
  );
  expect(emails.rows.map((r) => r.template)).toContain('subscription-canceled');
});
