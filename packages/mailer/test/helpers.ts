import type pg from 'pg';
import { createPool } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { migrateOutbox, type WorkerLogger } from '../src';

export function captureLogger(): WorkerLogger & { entries: Array<{ level: string; obj: object; msg?: string }> } {
  const entries: Array<{ level: string; obj: object; msg?: string }> = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/**
 * A fresh database with the outbox's tables in `schema`, opened before the file's tests and
 * dropped after them; `pool` is set once `beforeAll` has run.
 */
export function useOutboxDatabase(schema: string): { pool: pg.Pool } {
  const world = {} as { pool: pg.Pool };
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    world.pool = createPool({ databaseUrl: database.url, schema });
    await migrateOutbox(world.pool, schema);
  });
  afterAll(async () => {
    await world.pool?.end();
    await database?.drop();
  });
  return world;
}
