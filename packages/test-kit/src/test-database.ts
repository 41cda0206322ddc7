import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawn } from 'node:child_process';

export interface TestDatabase {
  url: string;
  /** true when the tests run against the PostgreSQL named by DATABASE_URL. */
  isPostgres: boolean;
  drop(): Promise<void>;
}

/** How long a drop waits for the database's connections to close before it cuts them. */
const CLOSING_GRACE_MS = 500;

async function connectionsTo(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows[0].n;
}

/**
 * A fresh, empty database for one test file. With DATABASE_URL set, a new
 * database is created on that server (and dropped afterwards); otherwise an
 * in-memory PGlite is served over the wire protocol, as in the local default.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `tracemap_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      isPostgres: true,
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          // A pool's end() resolves before its connections have closed. Cut by a forced drop, a
          // connection still closing reports the cut as an error in its test; give those a moment.
          const deadline = Date.now() + CLOSING_GRACE_MS;
          while (Date.now() < deadline && (await connectionsTo(client, name)) > 0)
            await new Promise((resolve) => setTimeout(resolve, 20));
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const child = spawn(process.execPath, [require.resolve('@tracemap/service-kit/bin/pglite-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PGLITE_PORT=(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`embedded database exited early (${code})`)));
  });
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    isPostgres: false,
    async drop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
