import Stripe from 'stripe';
import {
  CARD,
  onService,
  SECRET_KEY,
  startSandbox,
  submitForm,
  WEBHOOK_SECRET,
  type SandboxHarness,
} from './support/harness';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(async () => {
  await h?.close();
});

async function openCheckout(companyId: string) {
  const customer = await h.stripe.customers.create({ email: `${companyId}@example.com`, metadata: { companyId } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_team', quantity: 1 }],
    success_url: 'http://localhost:8080/company/x/subscription?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:8080/company/x/subscription',
    metadata: { companyId },
    subscription_data: { metadata: { companyId } },
    client_reference_id: companyId,
  });
  return { customer, session };
}

test('customers are created, retrieved, updated and found by email and metadata through the real SDK', async () => {
  const created = await h.stripe.customers.create({
    email: 'ops@acme.test',
    name: 'Acme',
    metadata: { companyId: 'c-1' },
  });
  expect(created).toMatchObject({ object: 'customer', email: 'ops@acme.test', metadata: { companyId: 'c-1' } });
  expect(created.id).toMatch(/^cus_/);
  const fetched = await h.stripe.customers.retrieve(created.id);
  expect(fetched.id).toBe(created.id);
  const updated = await h.stripe.customers.update(created.id, { name: 'Acme Inc', metadata: { plan: 'team' } });
  expect(updated).toMatchObject({ name: 'Acme Inc', metadata: { companyId: 'c-1', plan: 'team' } });
  const listed = await h.stripe.customers.list({ email: 'ops@acme.test' });
  expect(listed).toMatchObject({ object: 'list', has_more: false });
  expect(listed.data.map((c) => c.id)).toEqual([created.id]);
  const found = await h.stripe.customers.search({ query: "metadata['companyId']:'c-1'" });
  expect(found.data.map((c) => c.id)).toEqual([created.id]);
});

test('an unknown id is the provider 404 and a wrong key is refused with 401', async () => {
  await expect(h.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
    type: 'StripeInvalidRequestError',
    statusCode: 404,
    code: 'resource_missing',
    message: "No such customer: 'cus_missing'",
  });
  const stranger = new Stripe('sk_test_wrong_key_123', {
    host: '127.0.0.1',
    port: Number(new URL(h.base).port),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
  await expect(stranger.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  expect(SECRET_KEY).not.toBe('sk_test_wrong_key_123');
});

test('checkout with 4242 makes an active subscription with a paid invoice and a signed checkout.session.completed webhook', async () => {
  const { customer, session } = await openCheckout('company-ok');
  expect(session.url).toMatch(/^http:\/\/localhost:8080\/api\/subscription\/sandbox\/checkout\/cs_test_/);
  const page = await fetch(onService(h.base, session.url!));
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Team');
  expect(html).toContain('$99.00');
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

  const paid = await submitForm(onService(h.base, session.url!), { ...CARD, number: '4242 4242 4242 4242' });
  expect(paid.status).toBe(303);
  expect(paid.location).toBe(`http://localhost:8080/company/x/subscription?session=${session.id}`);

  const completed = await h.stripe.checkout.sessions.retrieve(session.id);
  expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
  const subscription = await h.stripe.subscriptions.retrieve(completed.subscription as string, {
    expand: ['default_payment_method'],
  });
  expect(subscription).toMatchObject({
    status: 'active',
    customer: customer.id,
    cancel_at_period_end: false,
    metadata: { companyId: 'company-ok' },
  });
  const item = subscription.items.data[0];
  expect(item.price.id).toBe('price_team');
  expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400);
  const card = subscription.default_payment_method as Stripe.PaymentMethod;
  expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });

  const invoices = await h.stripe.invoices.list({ customer: customer.id });
  expect(invoices.data).toHaveLength(1);
  expect(invoices.data[0]).toMatchObject({ status: 'paid', amount_paid: 9900, billing_reason: 'subscription_create' });
  expect(invoices.data[0].parent?.subscription_details?.subscription).toBe(subscription.id);
  const bySubscription = await h.stripe.invoices.list({ subscription: subscription.id });
  expect(bySubscription.data.map((i) => i.id)).toEqual([invoices.data[0].id]);

  const hook = await h.receiver.waitFor(
    (w) => w.event.type === 'checkout.session.completed' && w.event.data.object.id === session.id,
  );
  const verified = h.stripe.webhooks.constructEvent(hook.raw, hook.signature, WEBHOOK_SECRET, 300);
  expect(verified).toMatchObject({ type: 'checkout.session.completed', api_version: '2026-10-28.endive' });
  expect(() => h.stripe.webhooks.constructEvent(hook.raw, hook.signature, 'whsec_other_secret', 300)).toThrow(
    Stripe.errors.StripeSignatureVerificationError,
  );
  await h.receiver.waitFor((w) => w.event.type === 'invoice.paid' && w.event.data.object.id === invoices.data[0].id);
  await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.created' && w.event.data.object.id === subscription.id,
  );

  const events = await h.stripe.events.list({ type: 'checkout.session.completed', created: { gte: session.created } });
  expect(events.data.map((e) => (e.data.object as { id: string }).id)).toContain(session.id);

  const again = await submitForm(onService(h.base, session.url!), { ...CARD, number: '4242424242424242' });
  expect(again.status).toBe(400);
  expect(again.html).toContain('This checkout is complete');
  expect((await h.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
});

test.each([
  ['4000 0000 0000 9995', 'Your card has insufficient funds.', 402],
  ['4000 0000 0000 0341', 'Your card was declined.', 402],
  ['4242 4242 4242 4241', 'Your card number is incorrect.', 402],
])('checkout with %s shows "%s" and changes nothing', async (number, message, status) => {
  const { customer, session } = await openCheckout(`company-${number.slice(-4)}`);
  const answer = await submitForm(onService(h.base, session.url!), { ...CARD, number });
  expect(answer.status).toBe(status);
  expect(answer.html).toContain(message.replace("'", '&#39;'));
  expect(await h.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open', subscription: null });
  expect((await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  expect((await h.stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
  expect((await h.stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
});

test('an expiry date in the past is refused with the provider message', async () => {
  const { session } = await openCheckout('company-expired');
  const answer = await submitForm(onService(h.base, session.url!), {
    ...CARD,
    number: '4242424242424242',
    expiry: '01 / 20',
  });
  expect(answer.status).toBe(402);
  expect(answer.html).toContain('Your card&#39;s expiration date is invalid.');
});

test('hosted pages escape what they show', async () => {
  const customer = await h.stripe.customers.create({ email: '<script>alert(1)</script>@x.test' });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    customer_email: '<img src=x onerror=alert(1)>',
    line_items: [{ price: 'price_starter', quantity: 1 }],
    success_url: 'http://localhost:8080/ok',
  });
  const html = await (await fetch(onService(h.base, session.url!))).text();
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
});
