import path from 'node:path';
import type pg from 'pg';
import { migrateSchema } from '@tracemap/service-kit';
import { sandboxTables } from './tables';

/** The sandbox's numbered SQL files (unqualified names: the runner sets the schema). */
export const SANDBOX_MIGRATIONS_DIR = path.join(__dirname, '..', 'migrations');
/** Its own bookkeeping table, so its numbering never collides with the host service's. */
export const SANDBOX_MIGRATIONS_TABLE = 'sandbox_migrations';

/** Creates or updates the sandbox's tables in the host's schema; the host runs it before registering the plugin. */
export async function migrateBillingSandbox(pool: pg.Pool, schema: string): Promise<number[]> {
  const { schema: checked } = sandboxTables(schema);
  return migrateSchema(pool, checked, SANDBOX_MIGRATIONS_DIR, { table: SANDBOX_MIGRATIONS_TABLE });
}
