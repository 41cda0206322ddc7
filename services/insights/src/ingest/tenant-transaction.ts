import pg from 'pg';

/** The database role the insights service's queries run as: owns nothing, cannot bypass row security. */
export const INSIGHTS_APP_ROLE = 'insights_app';

/**
 * One transaction as the app role with the company named for it (settings
 * local to the transaction: the embedded database shares one session between
 * connections). BEGIN and the settings travel in one round trip.
 */
export async function inCompany<T>(
  pool: pg.Pool,
  companyId: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(
      `BEGIN; SELECT set_config('role', ${pg.escapeLiteral(INSIGHTS_APP_ROLE)}, true),
        set_config('app.company_id', ${pg.escapeLiteral(companyId)}, true)`,
    );
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
