import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { CARD, onService, submitForm, type SandboxHarness } from './harness';

/** A company's customer that paid a checkout for `price` with the 4242 card. */
export async function subscribedCustomer(h: SandboxHarness, price = 'price_starter') {
  const companyId = randomUUID();
  const customer = await h.stripe.customers.create({
    email: `${companyId.slice(0, 8)}@example.com`,
    metadata: { companyId },
  });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://localhost:8080/done?session={CHECKOUT_SESSION_ID}',
    subscription_data: { metadata: { companyId } },
  });
  const paid = await submitForm(onService(h.base, session.url!), { ...CARD, number: '4242424242424242' });
  if (paid.status !== 303) throw new Error(`checkout failed: ${paid.status}`);
  const subscriptionId = (await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
  return { companyId, customer, subscription: await h.stripe.subscriptions.retrieve(subscriptionId) };
}

/** Replaces the customer's card on the hosted billing page. */
export async function updateCardInPortal(h: SandboxHarness, customer: string, number: string) {
  const portal = await h.stripe.billingPortal.sessions.create({
    customer,
    return_url: 'http://localhost:8080/company/x/subscription',
  });
  return submitForm(onService(h.base, portal.url), { ...CARD, number });
}

export interface ClockAnswer {
  now: string;
  nowUnix: number;
  offsetSeconds: number;
}

/** Moves the sandbox clock as a product admin would. */
export async function advanceClock(h: SandboxHarness, body: { days?: number; seconds?: number }): Promise<ClockAnswer> {
  const adminId = randomUUID();
  h.peer.admins.add(adminId);
  const response = await fetch(`${h.base}/api/subscription/sandbox/clock/advance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await h.peer.mint(adminId)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`advance failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ClockAnswer;
}

export const periodOf = (subscription: Stripe.Subscription) => ({
  start: subscription.items.data[0].current_period_start,
  end: subscription.items.data[0].current_period_end,
});

/** Moves the clock to `seconds` after the given moment (which must lie ahead). */
export async function advancePast(h: SandboxHarness, moment: number, seconds = 60): Promise<ClockAnswer> {
  const adminId = randomUUID();
  h.peer.admins.add(adminId);
  const response = await fetch(`${h.base}/api/subscription/sandbox/clock`, {
    headers: { authorization: `Bearer ${await h.peer.mint(adminId)}` },
  });
  const clock = (await response.json()) as ClockAnswer;
  if (moment + seconds <= clock.nowUnix) throw new Error('that moment has already passed');
  return advanceClock(h, { seconds: moment + seconds - clock.nowUnix });
}
