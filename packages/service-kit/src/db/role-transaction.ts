import pg from 'pg';

/**
 * The statement that makes the rest of a transaction run as a service's app
 * role with its row-security settings (e.g. `app.company_id`). Settings are
 * transaction-local because the embedded database shares one session between
 * all connections; values are inlined (escaped) so the statement travels in
 * one message with BEGIN, or with the one read it guards.
 */
export function roleSettingsStatement(role: string, settings: Record<string, string | undefined>): string {
  const parts = [`set_config('role', ${pg.escapeLiteral(role)}, true)`];
  for (const [name, value] of Object.entries(settings)) {
    parts.push(`set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value ?? '')}, true)`);
  }
  return `SELECT ${parts.join(', ')}`;
}

/**
 * One transaction under a settings statement: BEGIN and the settings go in one
 * round trip, so it costs one round trip more than its own queries (the COMMIT).
 */
export async function roleTransaction<T>(
  pool: pg.Pool,
  settingsStatement: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; ${settingsStatement}`);
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
