import path from 'node:path';
import type pg from 'pg';
import { migrateSchema } from '@tracemap/service-kit';

const MIGRATIONS_DIR = path.join(__dirname, '..', 'migrations');

/**
 * Creates `<schema>.outbox`. The mailer keeps its own bookkeeping table so
 * its migrations never collide with the numbering of the owning service.
 */
export async function migrateOutbox(pool: pg.Pool, schema: string): Promise<number[]> {
  return migrateSchema(pool, schema, MIGRATIONS_DIR, { table: 'outbox_migrations' });
}
