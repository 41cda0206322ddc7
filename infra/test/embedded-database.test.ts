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
