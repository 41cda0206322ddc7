import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { mapProviderStatus, PROVIDER_STATUSES } from '../src/domain/map-status';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** One state of the subscription at the provider. */
const snapshot = fc.record({
  status: fc.constantFrom(...PROVIDER_STATUSES),
  cancelAtPeriodEnd: fc.boolean(),
  priceId: fc.constantFrom('price_starter', 'price_team', 'price_business'),
  card: fc.boolean(),
});

/**
 * One delivery plan: the provider moves through `snapshots` (each change emits an event that
 * carries the object as it was then); between changes, and after the last one, the provider
 * delivers events it already emitted, in any order, some twice, some at the same time.
 */
const scenario = fc
  .record({
    snapshots: fc.array(snapshot, { minLength: 1, maxLength: 6 }),
    deliveries: fc.array(fc.record({ pick: fc.nat(), concurrent: fc.boolean(), afterStep: fc.nat() }), {
      maxLength: 10,
    }),
  })
  .map(({ snapshots, deliveries }) => ({
    snapshots,
    // Each emitted event is delivered at least once after it was emitted; the extra
    // deliveries are duplicates at random moments.
    deliveries: deliveries.map((d) => ({ ...d, afterStep: d.afterStep % snapshots.length })),
  }));

test("whatever the order, duplication or concurrency of deliveries, the local copy ends as the provider's final state (1,000 runs)", async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ snapshots, deliveries }) => {
      const companyId = randomUUID();
      const customer = `cus_${companyId.replace(/-/g, '').slice(0, 14)}`;
      await h.app.db.query(`INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2)`, [
        companyId,
        customer,
      ]);
      const subId = `sub_${companyId.replace(/-/g, '').slice(0, 14)}`;
      const events: Array<Record<string, unknown>> = [];
      const pending: Array<Record<string, unknown>> = [];

      const deliver = async (batch: Array<Record<string, unknown>>) => {
        const answers = await Promise.all(batch.map((event) => h.deliver(event)));
        for (const answer of answers) expect(answer.statusCode).toBe(200);
      };

      for (let step = 0; step < snapshots.length; step += 1) {
        const s = snapshots[step];
        h.stripe.putSubscription({
          id: subId,
          customer,
          status: s.status,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
          priceId: s.priceId,
          metadata: { companyId },
          card: s.card ? { brand: 'visa', last4: '4242', exp_month: 1 + step, exp_year: 2030 } : null,
        });
        const event = {
          id: `evt_${randomUUID().replace(/-/g, '')}`,
          type: step === 0 ? 'customer.subscription.created' : 'customer.subscription.updated',
          data: { object: { id: subId, object: 'subscription', customer, status: s.status, metadata: { companyId } } },
        };
        events.push(event);
        pending.push(event);
        // Random deliveries of anything emitted so far, some at the same time.
        const now = deliveries
          .filter((d) => d.afterStep === step)
          .map((d) => ({ event: events[d.pick % events.length], concurrent: d.concurrent }));
        const together = now.filter((d) => d.concurrent).map((d) => d.event);
        if (together.length > 0) await deliver(together);
        for (const d of now.filter((x) => !x.concurrent)) await deliver([d.event]);
      }
      // Every event reaches the endpoint at least once, in reverse order of emission.
      await deliver(pending.reverse());

      const final = snapshots[snapshots.length - 1];
      const row = (
        await h.app.db.query(
          `SELECT status, provider_subscription_id, provider_status, price_id, cancel_at_period_end, card_expiration_month
             FROM subscription.subscriptions WHERE company_id = $1`,
          [companyId],
        )
      ).rows[0];
      expect(row).toEqual({
        status: mapProviderStatus(final.status, final.cancelAtPeriodEnd),
        provider_subscription_id: subId,
        provider_status: final.status,
        price_id: final.priceId,
        cancel_at_period_end: final.cancelAtPeriodEnd,
        card_expiration_month: final.card ? snapshots.length : null,
      });
      const processed = await h.app.db.query(
        `SELECT count(*)::int AS n FROM subscription.processed_events WHERE company_id = $1`,
        [companyId],
      );
      expect(processed.rows[0].n).toBe(events.length);
    }),
    { numRuns: 1000 },
  );
}, 600_000);
