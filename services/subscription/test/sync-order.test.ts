import { randomUUID } from 'node:crypto';
import { withTransaction } from '@tracemap/service-kit';
import {
  applyProviderRead,
  lockCompany,
  readProvider,
  syncCompanySubscription,
} from '../src/use-cases/sync-company-subscription';
import { startHarness, type Harness } from './support/harness';

// Syncs read the provider with no transaction open (on the embedded database one open
// transaction holds the backend every service shares, and the sandbox provider uses it too),
// and are saved in the order they started reading.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function companyAt(status: string) {
  const companyId = randomUUID();
  const customer = `cus_${companyId.replace(/-/g, '').slice(0, 14)}`;
  await h.app.db.query(`INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2)`, [
    companyId,
    customer,
  ]);
  const put = (next: string) =>
    h.stripe.putSubscription({
      id: `sub_${customer.slice(4)}`,
      customer,
      status: next,
      cancelAtPeriodEnd: false,
      priceId: 'price_team',
      metadata: { companyId },
      card: null,
    });
  put(status);
  return { companyId, put };
}

const storedStatus = async (companyId: string) =>
  (await h.app.db.query(`SELECT provider_status FROM subscription.subscriptions WHERE company_id = $1`, [companyId]))
    .rows[0]?.provider_status;

test('a read that a later sync overtook is not saved over it', async () => {
  const deps = h.app.subscriptionService.deps;
  const { companyId, put } = await companyAt('trialing');
  const older = await readProvider(deps, companyId);
  put('active');
  await syncCompanySubscription(deps, companyId);
  expect(await storedStatus(companyId)).toBe('active');

  const late = await withTransaction(deps.db, async (client) => {
    await lockCompany(client, companyId);
    return applyProviderRead(client, companyId, older);
  });
  expect(late.changed).toBe(false);
  expect(await storedStatus(companyId)).toBe('active');
});

test('no transaction of the service is open while the provider is read', async () => {
  const deps = h.app.subscriptionService.deps;
  const { companyId } = await companyAt('active');
  const database = new URL(h.database.url).pathname.slice(1);
  const openDuringRead: number[] = [];
  const list = deps.provider.listSubscriptions.bind(deps.provider);
  deps.provider.listSubscriptions = async (customerId) => {
    const { rows } = await h.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
      [database],
    );
    openDuringRead.push(rows[0].n);
    return list(customerId);
  };
  try {
    await syncCompanySubscription(deps, companyId);
  } finally {
    deps.provider.listSubscriptions = list;
  }
  expect(openDuringRead).toEqual([0]);
  expect(await storedStatus(companyId)).toBe('active');
});
