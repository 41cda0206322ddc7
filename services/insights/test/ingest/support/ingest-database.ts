import path from 'node:path';
import pg from 'pg';
import { migrateNotificationRelay, migrateSchema } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'migrations');

export interface IngestDatabase {
  database: TestDatabase;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A fresh database with the insights schema migrated by the kit's migrator,
 * for tests of ingest and discovery below the HTTP layer.
 */
export async function createIngestDatabase(): Promise<IngestDatabase> {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await migrateSchema(pool, 'insights', MIGRATIONS);
  // As the service's start does: judgements' triggers write new findings' notifications there.
  await migrateNotificationRelay(pool, 'insights');
  return {
    database,
    pool,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
