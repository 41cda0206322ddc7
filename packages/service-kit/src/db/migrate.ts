import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { assertIdentifier } from './pool';

export interface Migration {
  id: number;
  name: string;
  sql: string;
  checksum: string;
}

const FILE_NAME = /^(\d+)[_-](.+)\.sql$/;

export async function readMigrations(directory: string): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001_name.sql: ${file}`);
    const sql = await readFile(path.join(directory, file), 'utf8');
    migrations.push({
      id: Number(match[1]),
      name: match[2],
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  migrations.forEach((m, index) => {
    if (m.id !== index + 1)
      throw new Error(`Migrations must be numbered 1..n without gaps; found ${m.id} at ${index + 1}`);
  });
  return migrations;
}

/**
 * Applies the numbered SQL files of one service to that service's schema.
 * The bookkeeping table lives in the schema itself, so services never see
 * each other's history; an advisory lock per schema lets several replicas
 * start at once; an edited, already-applied file stops the start.
 */
export async function migrateSchema(
  pool: pg.Pool,
  schema: string,
  directory: string,
  options: { table?: string } = {},
): Promise<number[]> {
  assertIdentifier(schema);
  const table = assertIdentifier(options.table ?? 'schema_migrations');
  const migrations = await readMigrations(directory);
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}.${table}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.${table} (
      id integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ id: number; checksum: string }>(
      `SELECT id, checksum FROM ${schema}.${table} ORDER BY id`,
    );
    const done = new Map(rows.map((r) => [r.id, r.checksum]));
    for (const migration of migrations) {
      const checksum = done.get(migration.id);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.id}_${migration.name} of schema ${schema} was changed after it was applied`,
          );
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        // SET LOCAL: the embedded database shares one session between connections.
        await client.query(`SET LOCAL search_path TO ${schema}, public`);
        await client.query(migration.sql);
        await client.query(`INSERT INTO ${schema}.${table} (id, name, checksum) VALUES ($1, $2, $3)`, [
          migration.id,
          migration.name,
          migration.checksum,
        ]);
        await client.query('COMMIT');
        applied.push(migration.id);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(
          `Migration ${migration.id}_${migration.name} of schema ${schema} failed: ${(error as Error).message}`,
        );
      }
    }
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}.${table}`])
      .catch(() => undefined);
    client.release();
  }
  return applied;
}
