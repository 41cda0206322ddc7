import path from 'node:path';
import type pg from 'pg';
import { migrateSchema } from '@tracemap/service-kit';

/**
 * The schema the sandbox's tables live in. Its queries name it outright rather than trusting
 * search_path, because on the embedded database connections share one session.
 */
export const SANDBOX_SCHEMA = 'subscription';
/** The sandbox's numbered SQL files (unqualified names: the runner sets the schema). */
export const SANDBOX_MIGRATIONS_DIR = path.join(__dirname, '..', 'migrations');
/** Its own bookkeeping table, so its numbering never collides with the host service's. */
export const SANDBOX_MIGRATIONS_TABLE = 'sandbox_migrations';

/** Creates or updates the sandbox's tables; the host runs it before registering the plugin. */
export async function migrateBillingSandbox(pool: pg.Pool): Promise<number[]> {
  return migrateSchema(pool, SANDBOX_SCHEMA, SANDBOX_MIGRATIONS_DIR, { table: SANDBOX_MIGRATIONS_TABLE });
}
