import type pg from 'pg';
import { withTransaction, type Queryable } from '@tracemap/service-kit';

/** The database role every service query runs as: owns nothing, cannot bypass RLS. */
export const APP_ROLE = 'company_app';

export interface TenantScope {
  companyId?: string;
  userId?: string;
  /** Opens one invitation (by its unguessable id) before its company is known. */
  invitationId?: string;
}

/**
 * One transaction as the app role with the tenant named for it. Settings are
 * transaction-local (`set_config(..., true)`) because the embedded database
 * shares one session between all connections.
 */
export async function tenantTransaction<T>(
  pool: pg.Pool,
  scope: TenantScope,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query(
      `SELECT set_config('role', $1, true), set_config('app.company_id', $2, true),
              set_config('app.user_id', $3, true), set_config('app.invitation_id', $4, true)`,
      [APP_ROLE, scope.companyId ?? '', scope.userId ?? '', scope.invitationId ?? ''],
    );
    return work(client);
  });
}

/** Switches the transaction to another company once it is known (invitation flows). */
export async function setTenantCompany(client: Queryable, companyId: string): Promise<void> {
  await client.query(`SELECT set_config('app.company_id', $1, true)`, [companyId]);
}
