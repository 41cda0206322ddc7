import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const script = require.resolve('@tracemap/service-kit/bin/pglite-server.mjs');

async function startEmbedded(dataDir: string) {
  const child = spawn(process.execPath, [script, dataDir, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PGLITE_PORT=(\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

test('the embedded default keeps its data across restarts and serves several connections', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-pglite-'));
  const first = await startEmbedded(dataDir);
  const pool = new pg.Pool({ connectionString: first.url, max: 4 });
  await pool.query('CREATE TABLE kept (value text)');
  await Promise.all(['a', 'b', 'c', 'd'].map((v) => pool.query('INSERT INTO kept VALUES ($1)', [v])));
  await pool.end();
  await first.stop();

  const second = await startEmbedded(dataDir);
  const client = new pg.Client({ connectionString: second.url });
  await client.connect();
  const { rows } = await client.query('SELECT value FROM kept ORDER BY value');
  await client.end();
  await second.stop();
  expect(rows.map((r) => r.value)).toEqual(['a', 'b', 'c', 'd']);
});

test('concurrent transactions and parameterized queries on many connections never mix', async () => {
  const embedded = await startEmbedded('memory://');
  const pool = new pg.Pool({ connectionString: embedded.url, max: 10 });
  let wrong = 0;
  try {
    await pool.query('CREATE TABLE counters (worker int PRIMARY KEY, n int NOT NULL)');
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        await pool.query('INSERT INTO counters VALUES ($1, 0)', [worker]);
        for (let i = 0; i < 40; i++) {
          if (worker % 2 === 0) {
            const client = await pool.connect();
            try {
              await client.query('BEGIN');
              const { rows } = await client.query('SELECT n FROM counters WHERE worker = $1', [worker]);
              await client.query('UPDATE counters SET n = $2 WHERE worker = $1', [worker, rows[0].n + 1]);
              await client.query('COMMIT');
            } finally {
              client.release();
            }
          } else {
            const { rows } = await pool.query('SELECT $1::int + 1 AS next', [i]);
            if (rows[0].next !== i + 1) wrong++;
          }
        }
      }),
    );
    const { rows } = await pool.query('SELECT worker, n FROM counters WHERE worker % 2 = 0 ORDER BY worker');
    expect(rows.map((r) => r.n)).toEqual([40, 40, 40, 40, 40]);
    expect(wrong).toBe(0);
  } finally {
    await pool.end();
    await embedded.stop();
  }
});
