import pg from 'pg';

/** The database role every request's queries run as: owns nothing, cannot bypass row security (migration 001). */
export const APP_ROLE = 'insights_app';

/**
 * The statement naming the role and the company. Settings are
 * transaction-local because the embedded database shares one session
 * between all connections; the value is inlined (escaped) so the statement
 * travels in one message with BEGIN.
 */
export function tenantSettings(companyId: string): string {
  return `SELECT set_config('role', ${pg.escapeLiteral(APP_ROLE)}, true), set_config('app.company_id', ${pg.escapeLiteral(companyId)}, true)`;
}

/** One transaction as the app role, with the company named for row security. */
export async function tenantTransaction<T>(
  pool: pg.Pool,
  companyId: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; ${tenantSettings(companyId)}`);
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
