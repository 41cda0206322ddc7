import { randomUUID } from 'node:crypto';
import { startHarness, subscriptionEvent, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function ownerOfNewCompany() {
  const companyId = randomUUID();
  const userId = randomUUID();
  h.peers.member(companyId, userId, 'owner');
  return { companyId, userId, token: await h.tokens.mint(userId) };
}

function post(token: string | null, url: string, payload: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

test('the plans are public and carry price, features and limits', async () => {
  const response = await h.app.inject('/api/subscription/plans');
  expect(response.statusCode).toBe(200);
  const { plans } = response.json();
  expect(plans.map((p: { priceId: string }) => p.priceId)).toEqual(['price_starter', 'price_team', 'price_business']);
  expect(plans[0]).toEqual(
    expect.objectContaining({ name: 'Starter', amount: 2900, currency: 'usd', interval: 'month' }),
  );
  expect(plans[0]).not.toHaveProperty('trial');
});

test('checkout, plan change with proration, cancel and resume: each provider call carries its operation key', async () => {
  const { companyId, token } = await ownerOfNewCompany();
  const before = h.stripe.requests.length;

  // No subscription yet: the answer is company info plus the hosted checkout page.
  const update = await post(token, '/api/subscription/update', { companyId, priceId: 'price_team' });
  expect(update.statusCode).toBe(200);
  expect(update.json().checkoutUrl).toMatch(/^https:\/\/checkout\.test\/cs_/);
  expect(update.json().company).toMatchObject({ id: companyId });
  expect(update.json().subscription).toBeNull();

  // The customer pays; the provider tells us; the copy follows.
  const sessionId = update.json().checkoutUrl.split('/').pop();
  const sub = h.stripe.completeCheckout(sessionId);
  const delivered = await h.deliver({
    id: `evt_${randomUUID()}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        customer: sub.customer,
        client_reference_id: companyId,
        subscription: sub.id,
        metadata: { companyId },
      },
    },
  });
  expect(delivered.statusCode).toBe(200);
  const details = await post(token, '/api/subscription/details', { companyId });
  expect(details.json().subscription).toEqual(
    expect.objectContaining({
      status: 'active',
      priceId: 'price_team',
      planName: 'Team',
      cancelAtPeriodEnd: false,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    }),
  );
  expect(details.json().subscription.upcomingInvoice).toEqual({ amount: 7000, date: expect.any(String) });

  const preview = await post(token, '/api/subscription/preview', { companyId, priceId: 'price_business' });
  expect(preview.statusCode).toBe(200);
  expect(preview.json()).toEqual({
    amountDue: 7000,
    currency: 'usd',
    lines: [{ description: 'Remaining time on Business', amount: 7000 }],
    nextInvoiceDate: expect.any(String),
  });

  const change = await post(token, '/api/subscription/update', { companyId, priceId: 'price_business' });
  expect(change.statusCode).toBe(200);
  expect(change.json().checkoutUrl).toBeUndefined();
  expect(change.json().subscription).toEqual(
    expect.objectContaining({ status: 'active', priceId: 'price_business', planName: 'Business' }),
  );
  const changeCall = h.stripe
    .writes()
    .find((r) => r.path === `/v1/subscriptions/${sub.id}` && (r.params.items as unknown[] | undefined));
  expect(changeCall?.params).toEqual(
    expect.objectContaining({
      proration_behavior: 'create_prorations',
      items: [{ id: sub.itemId, price: 'price_business' }],
    }),
  );

  const cancel = await post(token, '/api/subscription/cancel', { companyId });
  expect(cancel.statusCode).toBe(200);
  expect(cancel.json().subscription).toEqual(expect.objectContaining({ status: 'canceled', cancelAtPeriodEnd: true }));
  const resume = await post(token, '/api/subscription/resume', { companyId });
  expect(resume.json().subscription).toEqual(expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false }));

  const portal = await post(token, '/api/subscription/portal', { companyId });
  expect(portal.json()).toEqual({ url: `https://portal.test/${sub.customer}` });
  const invoices = await post(token, '/api/subscription/invoices', { companyId });
  expect(invoices.json().invoices[0]).toEqual(
    expect.objectContaining({
      id: 'in_1',
      number: 'TM-0001',
      amountPaid: 9900,
      hostedInvoiceUrl: 'https://invoice.test/in_1',
    }),
  );

  // Every POST to the provider carried a key named after its business operation.
  const keys = h.stripe.requests
    .slice(before)
    .filter((r) => r.method === 'POST')
    .map((r) => `${r.path} ${r.idempotencyKey}`);
  expect(keys).toEqual([
    `/v1/customers customer-${companyId}`,
    expect.stringMatching(new RegExp(`^/v1/checkout/sessions checkout-${companyId}-price_team-0$`)),
    expect.stringMatching(new RegExp(`^/v1/invoices/create_preview upcoming-${companyId}-${sub.id}-1$`)),
    expect.stringMatching(new RegExp(`^/v1/invoices/create_preview preview-${companyId}-price_business-1$`)),
    `/v1/subscriptions/${sub.id} sub-update-${companyId}-price_business-1`,
    `/v1/subscriptions/${sub.id} sub-cancel-${companyId}-${sub.id}-2`,
    `/v1/subscriptions/${sub.id} sub-resume-${companyId}-${sub.id}-3`,
    expect.stringMatching(new RegExp(`^/v1/billing_portal/sessions portal-${companyId}-`)),
  ]);
});

test('an unknown plan, a missing companyId and canceling without a subscription are refused', async () => {
  const { companyId, token } = await ownerOfNewCompany();
  const unknown = await post(token, '/api/subscription/update', { companyId, priceId: 'price_nope' });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toEqual({ statusCode: 400, code: 'unknown_price', message: 'This plan does not exist.' });
  const missing = await post(token, '/api/subscription/update', { priceId: 'price_team' });
  expect(missing.json()).toEqual({ statusCode: 400, code: 'validation_failed', message: 'companyId required' });
  const cancelNothing = await post(token, '/api/subscription/cancel', { companyId });
  expect(cancelNothing.statusCode).toBe(409);
  expect(cancelNothing.json().code).toBe('no_subscription');
});

test('when the provider is down the answers are the generic messages, without internals', async () => {
  const { companyId, token } = await ownerOfNewCompany();
  h.stripe.failing = true;
  try {
    const update = await post(token, '/api/subscription/update', { companyId, priceId: 'price_team' });
    expect(update.statusCode).toBe(500);
    expect(update.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'Could not update the subscription. Try again later.',
    });
    const portal = await post(token, '/api/subscription/portal', { companyId });
    expect(portal.json().message).toBe('Could not open the billing portal. Try again later.');
  } finally {
    h.stripe.failing = false;
  }
  h.peers.companyDown = true;
  try {
    const cancel = await post(token, '/api/subscription/cancel', { companyId });
    expect(cancel.statusCode).toBe(503);
    expect(cancel.json()).toEqual({
      statusCode: 503,
      code: 'billing_unavailable',
      message: 'Could not cancel the subscription. Try again later.',
    });
  } finally {
    h.peers.companyDown = false;
  }
});

test('a trial ends without a card: the provider ends it and the company is terminated', async () => {
  const { companyId, userId } = await ownerOfNewCompany();
  const started = await h.app.inject({
    method: 'POST',
    url: `/internal/companies/${companyId}/start-trial`,
    headers: { 'x-service-token': 'internal-token-for-tests-0123456789' },
    payload: { creatorUserId: userId },
  });
  expect(started.json()).toEqual({ started: true, status: 'trialing' });
  const [trial] = [...h.stripe.subscriptions.values()].filter((s) => s.metadata.companyId === companyId);
  h.stripe.putSubscription({ ...trial, status: 'canceled' });
  expect((await h.deliver(subscriptionEvent('customer.subscription.deleted', trial))).statusCode).toBe(200);
  const info = await h.app.inject({
    url: `/internal/companies/${companyId}/subscription`,
    headers: { 'x-service-token': 'internal-token-for-tests-0123456789' },
  });
  expect(info.json().subscription.status).toBe('terminated');
});
