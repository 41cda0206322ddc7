import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

// The embedded database is one backend behind many connections: a
// notification must still reach the connections that LISTEN, and only them.
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  server = spawn(process.execPath, [path.join(__dirname, '..', 'bin', 'pglite-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PGLITE_PORT=(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    server.once('exit', (code) => reject(new Error(`embedded database exited early (${code})`)));
  });
  url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
});
afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

function next(client: pg.Client): Promise<pg.Notification> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no notification within 5 s')), 5000);
    client.once('notification', (message) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
}

test('a notification reaches the listening connections, not the sender, and nothing after UNLISTEN', async () => {
  const [listener, other, sender] = [new pg.Client(url), new pg.Client(url), new pg.Client(url)];
  for (const client of [listener, other, sender]) client.on('error', () => undefined);
  await Promise.all([listener.connect(), other.connect(), sender.connect()]);
  const got = { listener: [] as string[], other: [] as string[], sender: [] as string[] };
  for (const [name, client] of Object.entries({ listener, other, sender })) {
    client.on('notification', (message) => got[name as keyof typeof got].push(message.payload ?? ''));
  }
  await listener.query('LISTEN events_a');
  await other.query('LISTEN events_b');

  const heard = next(listener);
  await sender.query(`SELECT pg_notify('events_a', 'one')`);
  expect(await heard).toMatchObject({ channel: 'events_a', payload: 'one' });
  // The sender's own query still answers normally around the notification it caused.
  const two = next(listener);
  expect((await sender.query(`SELECT pg_notify('events_a', 'two'), 41 + 1 AS answer`)).rows[0].answer).toBe(42);
  expect((await two).payload).toBe('two');

  await listener.query('UNLISTEN events_a');
  const onB = next(other);
  await sender.query(`SELECT pg_notify('events_a', 'unheard'), pg_notify('events_b', 'three')`);
  expect((await onB).payload).toBe('three');
  // Every connection has answered a query since: anything still undelivered would have arrived first.
  await Promise.all([listener.query('SELECT 1'), other.query('SELECT 1')]);
  expect(got).toEqual({ listener: ['one', 'two'], other: ['three'], sender: [] });
  await Promise.all([listener.end(), other.end(), sender.end()]);
});
