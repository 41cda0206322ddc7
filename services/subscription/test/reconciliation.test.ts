import { randomUUID } from 'node:crypto';
import { claimReconcileRound, reconcileSubscriptions } from '../src/use-cases/reconcile-subscriptions';
import { startHarness, subscriptionEvent, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

test('a change whose webhook never arrived is caught up by the reconciliation', async () => {
  const companyId = randomUUID();
  const customer = `cus_${companyId.slice(0, 8)}`;
  await h.app.db.query(`INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2)`, [
    companyId,
    customer,
  ]);
  const sub = h.stripe.putSubscription({ customer, status: 'active', priceId: 'price_team', metadata: { companyId } });
  await h.deliver(subscriptionEvent('customer.subscription.created', sub));

  // The provider moves on; no event reaches the service.
  h.stripe.putSubscription({ ...sub, status: 'past_due', priceId: 'price_business' });
  const result = await reconcileSubscriptions(h.app.subscriptionService.deps);
  expect(result.failed).toBe(0);
  expect(result.changed).toBeGreaterThanOrEqual(1);
  const row = (
    await h.app.db.query(`SELECT status, price_id FROM subscription.subscriptions WHERE company_id = $1`, [companyId])
  ).rows[0];
  expect(row).toEqual({ status: 'past_due', price_id: 'price_business' });
  expect(h.peers.changed).toContain(companyId);

  // Nothing new: nothing changes, and the company service is not told again.
  const told = h.peers.changed.length;
  expect((await reconcileSubscriptions(h.app.subscriptionService.deps)).changed).toBe(0);
  expect(h.peers.changed.length).toBe(told);
});

test('the provider failing for a round leaves every company as it was and is counted', async () => {
  h.stripe.failing = true;
  try {
    const result = await reconcileSubscriptions(h.app.subscriptionService.deps);
    expect(result.failed).toBe(result.companies);
    expect(result.changed).toBe(0);
  } finally {
    h.stripe.failing = false;
  }
});

test('replicas racing for a round: exactly one claims it, and the next is not due before the interval', async () => {
  const deps = h.app.subscriptionService.deps;
  await h.app.db.query(`UPDATE subscription.reconcile_rounds SET next_round_at = '-infinity'`);
  const claims = await Promise.all([1, 2, 3, 4].map(() => claimReconcileRound(deps, 60_000)));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await claimReconcileRound(deps, 60_000)).toBe(false);
  const { rows } = await h.app.db.query<{ wait: number }>(
    `SELECT extract(epoch FROM next_round_at - now()) * 1000 AS wait FROM subscription.reconcile_rounds`,
  );
  expect(Number(rows[0].wait)).toBeGreaterThan(50_000);
  // Once due again, the next one claims it.
  await h.app.db.query(`UPDATE subscription.reconcile_rounds SET next_round_at = now() - interval '1 second'`);
  expect(await claimReconcileRound(deps, 60_000)).toBe(true);
});
