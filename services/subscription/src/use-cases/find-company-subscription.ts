import type { Queryable } from '@tracemap/service-kit';

export interface CompanySubscription {
  status: 'active' | 'trialing' | 'canceled' | 'past_due' | 'terminated';
  cardExpirationMonth: number | null;
  cardExpirationYear: number | null;
}

/** null means "no subscription", one of the product's states (spec §4). */
export async function findCompanySubscription(db: Queryable, companyId: string): Promise<CompanySubscription | null> {
  const { rows } = await db.query(
    `SELECT status, card_expiration_month, card_expiration_year
       FROM subscription.subscriptions WHERE company_id = $1`,
    [companyId],
  );
  const row = rows[0];
  if (!row) return null;
  return { status: row.status, cardExpirationMonth: row.card_expiration_month, cardExpirationYear: row.card_expiration_year };
}
