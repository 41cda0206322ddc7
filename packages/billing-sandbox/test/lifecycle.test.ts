import Stripe from 'stripe';
import { CARD, onService, startSandbox, submitForm, type SandboxHarness } from './support/harness';
import { advanceClock, advancePast, periodOf, subscribedCustomer, updateCardInPortal } from './support/flows';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86400;

test('an Idempotency-Key replays the first answer for the same body and is refused for another body', async () => {
  const first = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'create-idem-1' });
  const again = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'create-idem-1' });
  expect(again.id).toBe(first.id);
  expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  expect((await h.stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1);
  const refused = h.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-idem-1' });
  await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  await expect(refused).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
});

test('a plan change preview prorates the rest of the period and adds the next month at the new price', async () => {
  const { customer, subscription } = await subscribedCustomer(h, 'price_starter');
  const { start, end } = periodOf(subscription);
  const prorationDate = start + Math.floor((end - start) / 2);
  const preview = await h.stripe.invoices.createPreview({
    customer: customer.id,
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: subscription.items.data[0].id, price: 'price_team' }],
      proration_date: prorationDate,
    },
  });
  const fraction = (end - prorationDate) / (end - start);
  const credit = -Math.round(2900 * fraction);
  const charge = Math.round(9900 * fraction);
  const prorations = preview.lines.data.filter((l) => l.parent?.subscription_item_details?.proration);
  expect(prorations.map((l) => l.amount)).toEqual([credit, charge]);
  expect(prorations[0].description).toMatch(/^Unused time on Starter after/);
  expect(prorations[1].description).toMatch(/^Remaining time on Team after/);
  expect(preview.amount_due).toBe(credit + charge + 9900);
  expect(preview.total).toBe(credit + charge + 9900);

  const immediate = await h.stripe.invoices.createPreview({
    customer: customer.id,
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: subscription.items.data[0].id, price: 'price_team' }],
      proration_date: prorationDate,
      proration_behavior: 'always_invoice',
    },
  });
  expect(immediate.amount_due).toBe(credit + charge);

  const changed = await h.stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0].id, price: 'price_team' }],
    proration_behavior: 'always_invoice',
    proration_date: prorationDate,
  });
  expect(changed.items.data[0].price.id).toBe('price_team');
  const latest = await h.stripe.invoices.retrieve(changed.latest_invoice as string);
  expect(latest).toMatchObject({ status: 'paid', amount_paid: credit + charge, billing_reason: 'subscription_update' });
  const updated = await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.updated' && w.event.data.object.id === subscription.id,
  );
  expect(updated.event.data.previous_attributes).toHaveProperty('items');
});

test('cancel at period end keeps the subscription until the clock passes the period end, then deletes it', async () => {
  const { subscription } = await subscribedCustomer(h);
  const canceling = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  expect(canceling).toMatchObject({
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: periodOf(subscription).end,
  });
  const undone = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
  await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });

  await advanceClock(h, { days: 10 });
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  await advanceClock(h, { days: 25 });
  const ended = await h.stripe.subscriptions.retrieve(subscription.id);
  expect(ended).toMatchObject({ status: 'canceled', ended_at: periodOf(subscription).end });
  const deleted = await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.deleted' && w.event.data.object.id === subscription.id,
  );
  expect(deleted.event.created).toBe(periodOf(subscription).end);
  await expect(h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).rejects.toMatchObject({
    statusCode: 400,
  });
  expect((await h.stripe.subscriptions.list({ customer: subscription.customer as string })).data).toEqual([]);
  expect(
    (await h.stripe.subscriptions.list({ customer: subscription.customer as string, status: 'canceled' })).data,
  ).toHaveLength(1);
});

test('a trial without a card warns three days before its end and is canceled when it ends', async () => {
  const customer = await h.stripe.customers.create({ metadata: { companyId: 'trial-company' } });
  const trial = await h.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_team' }],
    trial_period_days: 14,
    trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    metadata: { companyId: 'trial-company' },
  });
  expect(trial).toMatchObject({ status: 'trialing', default_payment_method: null });
  expect(trial.trial_end! - trial.trial_start!).toBe(14 * DAY);
  const firstInvoice = await h.stripe.invoices.retrieve(trial.latest_invoice as string);
  expect(firstInvoice).toMatchObject({ amount_due: 0, status: 'paid' });

  await advanceClock(h, { days: 12 });
  const warning = await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.trial_will_end' && w.event.data.object.id === trial.id,
  );
  expect(warning.event.created).toBe(trial.trial_end! - 3 * DAY);
  expect((await h.stripe.subscriptions.retrieve(trial.id)).status).toBe('trialing');
  await advanceClock(h, { days: 3 });
  expect(await h.stripe.subscriptions.retrieve(trial.id)).toMatchObject({
    status: 'canceled',
    ended_at: trial.trial_end,
  });
  await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.deleted' && w.event.data.object.id === trial.id,
  );
});

test('a renewal charged to a card whose charges fail makes the subscription past due; a new card in the portal pays it', async () => {
  const { customer, subscription } = await subscribedCustomer(h, 'price_team');
  const saved = await updateCardInPortal(h, customer.id, '4000 0000 0000 0341');
  expect(saved.status).toBe(200);
  expect(saved.html).toContain('Your card was updated.');
  expect(saved.html).toContain('ending in 0341');
  const current = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
  expect((current.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('0341');

  await advancePast(h, periodOf(subscription).end);
  const pastDue = await h.stripe.subscriptions.retrieve(subscription.id);
  expect(pastDue.status).toBe('past_due');
  expect(periodOf(pastDue).start).toBe(periodOf(subscription).end);
  const failed = await h.receiver.waitFor(
    (w) => w.event.type === 'invoice.payment_failed' && w.event.data.object.customer === customer.id,
  );
  expect(failed.event.data.object).toMatchObject({
    status: 'open',
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    amount_due: 9900,
  });

  const declined = await updateCardInPortal(h, customer.id, '4000 0000 0000 9995');
  expect(declined.status).toBe(402);
  expect(declined.html).toContain('Your card has insufficient funds.');
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

  await updateCardInPortal(h, customer.id, '4242 4242 4242 4242');
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  expect(await h.stripe.invoices.retrieve(pastDue.latest_invoice as string)).toMatchObject({
    status: 'paid',
    attempt_count: 2,
  });
  const detached = await h.receiver.waitFor(
    (w) => w.event.type === 'payment_method.detached' && w.event.data.previous_attributes?.customer === customer.id,
  );
  expect(detached.event.data.object).toMatchObject({ customer: null });
});

test('fail-next-payment declines the next renewal; failed retries end in cancellation', async () => {
  const { companyId, customer, subscription } = await subscribedCustomer(h, 'price_business');
  const adminId = 'admin-fail-next';
  h.peer.admins.add(adminId);
  const mark = await fetch(`${h.base}/api/subscription/sandbox/clock/fail-next-payment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await h.peer.mint(adminId)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ companyId }),
  });
  expect(mark.status).toBe(200);
  expect(await mark.json()).toEqual({ subscriptions: [subscription.id] });

  await advancePast(h, periodOf(subscription).end);
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  await h.receiver.waitFor(
    (w) => w.event.type === 'invoice.payment_failed' && w.event.data.object.customer === customer.id,
  );

  // The card itself is fine, so the first retry three days later pays.
  await advanceClock(h, { days: 3 });
  const recovered = await h.stripe.subscriptions.retrieve(subscription.id);
  expect(recovered.status).toBe('active');

  await updateCardInPortal(h, customer.id, '4000 0000 0000 0341');
  await advancePast(h, periodOf(recovered).end);
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  await advanceClock(h, { days: 3 });
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  await advanceClock(h, { days: 5 });
  const canceled = await h.stripe.subscriptions.retrieve(subscription.id);
  expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
  const invoice = await h.stripe.invoices.retrieve(canceled.latest_invoice as string);
  expect(invoice).toMatchObject({ status: 'open', attempt_count: 3 });
});

test('a card that fails on charge gives the SDK a StripeCardError with its decline code', async () => {
  const { customer } = await subscribedCustomer(h);
  await updateCardInPortal(h, customer.id, '4000 0000 0000 0341');
  const attempt = h.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_team' }],
    payment_behavior: 'error_if_incomplete',
  });
  await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
  await expect(attempt).rejects.toMatchObject({
    statusCode: 402,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });
  expect((await h.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
});

test('a preview without a subscription prices the first month; cancel now deletes at once', async () => {
  const customer = await h.stripe.customers.create({ metadata: { companyId: 'preview-company' } });
  const first = await h.stripe.invoices.createPreview({
    customer: customer.id,
    subscription_details: { items: [{ price: 'price_business' }] },
  });
  expect(first).toMatchObject({ amount_due: 29900, currency: 'usd' });
  expect(first.lines.data.map((l) => l.amount)).toEqual([29900]);

  const { subscription } = await subscribedCustomer(h, 'price_team');
  const upcoming = await h.stripe.invoices.createPreview({
    customer: subscription.customer as string,
    subscription: subscription.id,
  });
  expect(upcoming).toMatchObject({ amount_due: 9900, next_payment_attempt: periodOf(subscription).end });

  const listed = await h.stripe.subscriptions.list({
    customer: subscription.customer as string,
    status: 'all',
    expand: ['data.default_payment_method'],
  });
  expect((listed.data[0].default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
  const canceled = await h.stripe.subscriptions.cancel(subscription.id);
  expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
  expect(canceled.ended_at).toBe(canceled.canceled_at);
  await h.receiver.waitFor(
    (w) => w.event.type === 'customer.subscription.deleted' && w.event.data.object.id === subscription.id,
  );
  await expect(h.stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
    statusCode: 400,
    type: 'StripeInvalidRequestError',
  });
});

test('a trial paid through checkout starts without a charge and bills the card when it ends', async () => {
  const customer = await h.stripe.customers.create({ metadata: { companyId: 'trial-checkout' } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_team', quantity: 1 }],
    success_url: 'http://localhost:8080/done',
    subscription_data: { trial_period_days: 7 },
  });
  expect(session.amount_total).toBe(0);
  const page = await (await fetch(onService(h.base, session.url!))).text();
  expect(page).toContain('7 days free');
  expect((await submitForm(onService(h.base, session.url!), { ...CARD, number: '4000 0027 6000 3184' })).status).toBe(
    303,
  );
  const trial = await h.stripe.subscriptions.retrieve(
    (await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string,
  );
  expect(trial).toMatchObject({ status: 'trialing' });
  expect(await h.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
    payment_status: 'no_payment_required',
  });

  // This card asks for authentication when charged without the payer: the renewal needs action.
  await advancePast(h, trial.trial_end!);
  expect((await h.stripe.subscriptions.retrieve(trial.id)).status).toBe('past_due');
  const action = await h.receiver.waitFor(
    (w) => w.event.type === 'invoice.payment_action_required' && w.event.data.object.customer === customer.id,
  );
  expect(action.event.data.object).toMatchObject({ amount_due: 9900, status: 'open' });
  await updateCardInPortal(h, customer.id, '4242 4242 4242 4242');
  expect((await h.stripe.subscriptions.retrieve(trial.id)).status).toBe('active');
});

test('a subscription without a card is refused or left incomplete, and an incomplete one expires after a day', async () => {
  const customer = await h.stripe.customers.create({ metadata: { companyId: 'no-card' } });
  await expect(
    h.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter' }],
      payment_behavior: 'error_if_incomplete',
    }),
  ).rejects.toMatchObject({
    statusCode: 400,
    type: 'StripeInvalidRequestError',
    message: 'This customer has no attached payment source or default payment method.',
  });
  expect((await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);

  const incomplete = await h.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: 'price_starter' }],
  });
  expect(incomplete.status).toBe('incomplete');
  expect(await h.stripe.invoices.retrieve(incomplete.latest_invoice as string)).toMatchObject({
    status: 'open',
    attempt_count: 1,
  });
  await advanceClock(h, { days: 1 });
  expect((await h.stripe.subscriptions.retrieve(incomplete.id)).status).toBe('incomplete_expired');
});

test('the same card entered again with a new expiry updates the saved card', async () => {
  const { customer, subscription } = await subscribedCustomer(h);
  const before = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
  const card = before.default_payment_method as Stripe.PaymentMethod;
  const portal = await h.stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://localhost:8080/back',
  });
  const page = await submitForm(onService(h.base, portal.url), {
    ...CARD,
    number: '4242424242424242',
    expiry: '03 / 31',
  });
  expect(page.html).toContain('expires 03/2031');
  expect(page.html).toContain('href="http://localhost:8080/back"');
  const updated = await h.stripe.paymentMethods.retrieve(card.id);
  expect(updated.card).toMatchObject({ last4: '4242', exp_month: 3, exp_year: 2031 });
  const hook = await h.receiver.waitFor(
    (w) => w.event.type === 'payment_method.updated' && w.event.data.object.id === card.id,
  );
  expect(hook.event.data.previous_attributes).toMatchObject({ card: { exp_month: 12, exp_year: 2034 } });
  expect((await h.stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(card.id);
});
