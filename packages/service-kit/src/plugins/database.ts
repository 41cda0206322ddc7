import fp from 'fastify-plugin';
import type pg from 'pg';
import { createPool, withTransaction } from '../db/pool';
import { migrateSchema } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: pg.Pool;
    /** Runs work in one transaction on one pooled connection. */
    transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string;
  schema: string;
  migrationsDir?: string;
  max?: number;
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Supply a pool (tests, or a role-specific pool); the plugin still ends it on close. */
  pool?: pg.Pool;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const pool =
      options.pool ??
      createPool({
        databaseUrl: options.databaseUrl,
        schema: options.schema,
        max: options.max,
        connectionTimeoutMs: options.connectionTimeoutMs,
        statementTimeoutMs: options.statementTimeoutMs,
      });
    if (options.migrationsDir) {
      const applied = await migrateSchema(pool, options.schema, options.migrationsDir);
      if (applied.length > 0) app.log.info({ applied, schema: options.schema }, 'migrations applied');
    }
    app.decorate('db', pool);
    app.decorate('transaction', <T>(work: (client: pg.PoolClient) => Promise<T>) => withTransaction(pool, work));
    app.addHook('onClose', async () => {
      await pool.end();
    });
  },
  { name: 'database' },
);
