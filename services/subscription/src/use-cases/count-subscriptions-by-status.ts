import type { Queryable } from '@tracemap/service-kit';

/**
 * Companies per product status for the admin overview. A company billing never heard of has
 * no row and is not counted here: the admin area knows the number of companies on its own.
 */
export async function countSubscriptionsByStatus(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: string }>(
    'SELECT status, count(*)::text AS count FROM subscription.subscriptions GROUP BY status ORDER BY status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
