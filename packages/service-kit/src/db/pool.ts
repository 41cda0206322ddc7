import pg from 'pg';

export interface PoolOptions {
  databaseUrl: string;
  /** The service's own schema; becomes the connection's search_path. */
  schema: string;
  max?: number;
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
  return name;
}

/**
 * A pool that fails fast: a connection timeout so an exhausted pool answers
 * instead of hanging, and a statement timeout so one slow query cannot hold a
 * connection forever.
 */
export function createPool(options: PoolOptions): pg.Pool {
  const schema = assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    statement_timeout: options.statementTimeoutMs ?? 10000,
    idleTimeoutMillis: 30000,
    application_name: options.applicationName ?? schema,
    options: `-c search_path=${schema},public`,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Runs `work` inside one transaction on one connection. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
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
