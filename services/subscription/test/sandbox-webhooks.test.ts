import { randomUUID } from 'node:crypto';
import { CARD, onService, SERVICE_TOKEN, startSandbox, submitForm, type SandboxHarness } from './support/harness';
import { advancePast, periodOf, updateCardInPortal } from './support/flows';

// The sandbox delivering to this service's own /webhooks/stripe (its default), so the
// product's webhook handling runs on the sandbox's signed events end to end.
let h: SandboxHarness;
beforeAll(async () => {
  h = await startSandbox({ env: { SANDBOX_WEBHOOK_URL: '' } });
});
afterAll(async () => {
  await h?.close();
});

async function productSubscription(companyId: string) {
  const response = await h.app.inject({ url: `/internal/companies/${companyId}/subscription`, headers: { 'x-service-token': SERVICE_TOKEN } });
  expect(response.statusCode).toBe(200);
  return response.json().subscription as { status: string } | null;
}

test('a hosted checkout and a failed renewal reach the product through its own webhook endpoint', async () => {
  const companyId = randomUUID();
  const customer = await h.stripe.customers.create({ metadata: { companyId } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: companyId,
    line_items: [{ price: 'price_team', quantity: 1 }],
    success_url: `http://localhost:8080/company/${companyId}/subscription`,
    metadata: { companyId },
    subscription_data: { metadata: { companyId } },
  });
  expect((await submitForm(onService(h.base, session.url!), { ...CARD, number: '4242424242424242' })).status).toBe(303);
  await h.app.billingSandbox!.drainWebhooks();
  expect(await productSubscription(companyId)).toMatchObject({ status: 'active' });
  const { rows } = await h.app.db.query(`SELECT count(*)::int AS n FROM subscription.sandbox_events WHERE delivery_status <> 'delivered'`);
  expect(rows[0].n).toBe(0);

  const subscription = await h.stripe.subscriptions.retrieve((await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string);
  await updateCardInPortal(h, customer.id, '4000 0000 0000 0341');
  await advancePast(h, periodOf(subscription).end);
  await h.app.billingSandbox!.drainWebhooks();
  expect(await productSubscription(companyId)).toMatchObject({ status: 'past_due' });
});
