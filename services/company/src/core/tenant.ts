import pg from 'pg';
import type { Queryable } from '@tracemap/service-kit';

/** The database role every service query runs as: owns nothing, cannot bypass RLS. */
export const APP_ROLE = 'company_app';

export interface TenantScope {
  companyId?: string;
  userId?: string;
  /** Opens one invitation (by its unguessable id) before its company is known. */
  invitationId?: string;
}

/**
 * The statement naming the role and the tenant. Settings are
 * transaction-local (`set_config(..., true)`) because the embedded database
 * shares one session between all connections. Values are inlined (escaped)
 * so the statement can travel in one message with what follows it.
 */
export function tenantSettings(scope: TenantScope): string {
  const literal = (value: string | undefined) => pg.escapeLiteral(value ?? '');
  return `SELECT set_config('role', ${literal(APP_ROLE)}, true), set_config('app.company_id', ${literal(scope.companyId)}, true),
          set_config('app.user_id', ${literal(scope.userId)}, true), set_config('app.invitation_id', ${literal(scope.invitationId)}, true)`;
}

/**
 * One transaction as the app role with the tenant named for it. BEGIN and
 * the settings go in one round trip, so a transaction costs one round trip
 * more than its own queries (the COMMIT).
 */
export async function tenantTransaction<T>(
  pool: pg.Pool,
  scope: TenantScope,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; ${tenantSettings(scope)}`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
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
