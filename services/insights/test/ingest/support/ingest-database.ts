import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateSchema } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'migrations');

// What the service's first migrations provide that discovery's build on: the schema's app role.
const FOUNDATION = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'insights_app') THEN
    CREATE ROLE insights_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  IF NOT pg_has_role(current_user, 'insights_app', 'MEMBER') THEN
    EXECUTE format('GRANT insights_app TO %I', current_user);
  END IF;
END
$$;
GRANT USAGE ON SCHEMA insights TO insights_app;
`;

export interface IngestDatabase {
  database: TestDatabase;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A fresh database with the insights schema migrated by the kit's migrator:
 * the service's own numbered files when they start at 001, otherwise the
 * discovery files after a stand-in for the foundation they build on.
 */
export async function createIngestDatabase(): Promise<IngestDatabase> {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
  let directory = MIGRATIONS;
  let scratch: string | null = null;
  if (!files.some((f) => f.startsWith('001_'))) {
    scratch = await mkdtemp(path.join(tmpdir(), 'insights-migrations-'));
    await writeFile(path.join(scratch, '001_foundation.sql'), FOUNDATION);
    let next = 2;
    for (const file of files) {
      await copyFile(
        path.join(MIGRATIONS, file),
        path.join(scratch, `${String(next++).padStart(3, '0')}_${file.replace(/^\d+_/, '')}`),
      );
    }
    directory = scratch;
  }
  try {
    await migrateSchema(pool, 'insights', directory);
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
  return {
    database,
    pool,
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
