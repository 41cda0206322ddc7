import type { Queryable } from '@tracemap/service-kit';
import type { LocalStatus } from '../domain/map-status';
import type { ProviderSubscription } from '../providers/billing-provider';

export interface StoredSubscription {
  companyId: string;
  status: LocalStatus;
  providerSubscriptionId: string | null;
  providerStatus: string | null;
  priceId: string | null;
  itemId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  cardExpirationMonth: number | null;
  cardExpirationYear: number | null;
  version: number;
}

interface Row {
  company_id: string;
  status: LocalStatus;
  provider_subscription_id: string | null;
  provider_status: string | null;
  price_id: string | null;
  item_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  trial_end: Date | null;
  card_brand: string | null;
  card_last4: string | null;
  card_expiration_month: number | null;
  card_expiration_year: number | null;
  version: number;
}

const COLUMNS = `company_id, status, provider_subscription_id, provider_status, price_id, item_id, current_period_end,
  cancel_at_period_end, trial_end, card_brand, card_last4, card_expiration_month, card_expiration_year, version`;

function toStored(row: Row): StoredSubscription {
  return {
    companyId: row.company_id,
    status: row.status,
    providerSubscriptionId: row.provider_subscription_id,
    providerStatus: row.provider_status,
    priceId: row.price_id,
    itemId: row.item_id,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    trialEnd: row.trial_end,
    card:
      row.card_brand && row.card_last4 && row.card_expiration_month && row.card_expiration_year
        ? {
            brand: row.card_brand,
            last4: row.card_last4,
            expMonth: row.card_expiration_month,
            expYear: row.card_expiration_year,
          }
        : null,
    cardExpirationMonth: row.card_expiration_month,
    cardExpirationYear: row.card_expiration_year,
    version: row.version,
  };
}

export async function findSubscription(
  db: Queryable,
  companyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredSubscription | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM subscription.subscriptions WHERE company_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [companyId],
  );
  return rows[0] ? toStored(rows[0]) : null;
}

export async function listCompanyIdsWithCustomers(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ company_id: string }>(
    `SELECT company_id FROM subscription.customers ORDER BY company_id`,
  );
  return rows.map((r) => r.company_id);
}

/** Writes the provider's view of the company's subscription; answers whether anything the product shows changed. */
export async function saveSubscription(
  db: Queryable,
  companyId: string,
  status: LocalStatus,
  sub: ProviderSubscription,
): Promise<boolean> {
  const { rows } = await db.query<{ changed: boolean }>(
    `INSERT INTO subscription.subscriptions AS s (company_id, status, provider_subscription_id, provider_status, price_id, item_id,
        current_period_end, cancel_at_period_end, trial_end, card_brand, card_last4, card_expiration_month, card_expiration_year, version, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, now())
     ON CONFLICT (company_id) DO UPDATE SET
       status = EXCLUDED.status, provider_subscription_id = EXCLUDED.provider_subscription_id, provider_status = EXCLUDED.provider_status,
       price_id = EXCLUDED.price_id, item_id = EXCLUDED.item_id, current_period_end = EXCLUDED.current_period_end,
       cancel_at_period_end = EXCLUDED.cancel_at_period_end, trial_end = EXCLUDED.trial_end, card_brand = EXCLUDED.card_brand,
       card_last4 = EXCLUDED.card_last4, card_expiration_month = EXCLUDED.card_expiration_month,
       card_expiration_year = EXCLUDED.card_expiration_year, version = s.version + 1, updated_at = now()
     WHERE (s.status, s.provider_subscription_id, s.provider_status, s.price_id, s.item_id, s.current_period_end, s.cancel_at_period_end,
            s.trial_end, s.card_brand, s.card_last4, s.card_expiration_month, s.card_expiration_year)
       IS DISTINCT FROM
           (EXCLUDED.status, EXCLUDED.provider_subscription_id, EXCLUDED.provider_status, EXCLUDED.price_id, EXCLUDED.item_id,
            EXCLUDED.current_period_end, EXCLUDED.cancel_at_period_end, EXCLUDED.trial_end, EXCLUDED.card_brand, EXCLUDED.card_last4,
            EXCLUDED.card_expiration_month, EXCLUDED.card_expiration_year)
     RETURNING true AS changed`,
    [
      companyId,
      status,
      sub.id,
      sub.status,
      sub.priceId,
      sub.itemId,
      sub.currentPeriodEnd,
      sub.cancelAtPeriodEnd,
      sub.trialEnd,
      sub.card?.brand ?? null,
      sub.card?.last4 ?? null,
      sub.card?.expMonth ?? null,
      sub.card?.expYear ?? null,
    ],
  );
  return rows.length > 0;
}

export async function findCustomerId(db: Queryable, companyId: string): Promise<string | null> {
  const { rows } = await db.query<{ customer_id: string }>(
    `SELECT customer_id FROM subscription.customers WHERE company_id = $1`,
    [companyId],
  );
  return rows[0]?.customer_id ?? null;
}

export async function findCompanyByCustomer(db: Queryable, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ company_id: string }>(
    `SELECT company_id FROM subscription.customers WHERE customer_id = $1`,
    [customerId],
  );
  return rows[0]?.company_id ?? null;
}

export async function saveCustomer(db: Queryable, companyId: string, customerId: string): Promise<void> {
  await db.query(
    `INSERT INTO subscription.customers (company_id, customer_id) VALUES ($1, $2) ON CONFLICT (company_id) DO NOTHING`,
    [companyId, customerId],
  );
}

/** false when the event was processed before (the caller's transaction then changes nothing). */
export async function markEventProcessed(
  db: Queryable,
  eventId: string,
  type: string,
  companyId: string | null,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO subscription.processed_events (event_id, type, company_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [eventId, type, companyId],
  );
  return rows.length > 0;
}

export async function wasEventProcessed(db: Queryable, eventId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM subscription.processed_events WHERE event_id = $1`, [eventId]);
  return rows.length > 0;
}
