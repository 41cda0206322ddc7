import pg from 'pg';
import { roleSettingsStatement, roleTransaction, type Queryable } from '@tracemap/service-kit';

/** The database role every service query runs as: owns nothing, cannot bypass RLS. */
export const APP_ROLE = 'company_app';

export interface TenantScope {
  companyId?: string;
  userId?: string;
  /** Opens one invitation (by its unguessable id) before its company is known. */
  invitationId?: string;
}

/** The statement naming the role and the tenant (see the kit's `roleSettingsStatement`). */
export function tenantSettings(scope: TenantScope): string {
  return roleSettingsStatement(APP_ROLE, {
    'app.company_id': scope.companyId,
    'app.user_id': scope.userId,
    'app.invitation_id': scope.invitationId,
  });
}

/** One transaction as the app role with the tenant named for it. */
export function tenantTransaction<T>(
  pool: pg.Pool,
  scope: TenantScope,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return roleTransaction(pool, tenantSettings(scope), work);
}

/**
 * One read under the tenant in a single round trip: the settings and the
 * statement travel as one message, which PostgreSQL runs as one implicit
 * transaction, so the settings hold for the statement and end with it.
 * Parameters are inlined, escaped; only for short reads with text values.
 */
export async function tenantRead<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  scope: TenantScope,
  text: string,
  values: string[],
): Promise<R[]> {
  const statement = text.replace(/\$(\d+)/g, (_, index: string) => pg.escapeLiteral(values[Number(index) - 1] ?? ''));
  const results = (await pool.query(`${tenantSettings(scope)}; ${statement}`)) as unknown as pg.QueryResult<R>[];
  return results[results.length - 1].rows;
}

/** Switches the transaction to another company once it is known (invitation flows). */
export async function setTenantCompany(client: Queryable, companyId: string): Promise<void> {
  await client.query(`SELECT set_config('app.company_id', $1, true)`, [companyId]);
}

/**
 * Lets the app role read and add rows of a table created outside the numbered
 * migrations (the outbox, trial requests): rows are queued inside tenant transactions.
 */
export async function grantToAppRole(db: pg.Pool, table: string): Promise<void> {
  const granted = async () =>
    (await db.query<{ ok: boolean }>(`SELECT has_table_privilege($1, $2, 'INSERT') AS ok`, [APP_ROLE, table])).rows[0]
      .ok;
  if (await granted()) return;
  try {
    await db.query(`GRANT SELECT, INSERT ON ${table} TO ${APP_ROLE}`);
  } catch (error) {
    // Replicas starting together may race on the same GRANT; what matters is that it holds.
    if (!(await granted())) throw error;
  }
}
