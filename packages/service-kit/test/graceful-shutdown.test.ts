import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, waitForEvent, type TestDatabase } from '@tracemap/test-kit';
import { BaseConfigSchema, createService, loadConfig } from '../src';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (c) => (body += c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('closing lets in-flight requests finish, refuses new ones, and ends the pool', async () => {
  const config = loadConfig(BaseConfigSchema, { PORT: '0', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const app = await createService({ name: 'shutdown_test', config, authentication: false });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const progress = new EventEmitter();
  app.get('/slow', async () => {
    progress.emit('slow-request');
    await gate;
    return { done: true };
  });
  // Runs once the app has started closing, before the server stops accepting connections.
  app.addHook('preClose', async () => {
    progress.emit('closing');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  expect((await get(port, '/health', agent)).status).toBe(200);

  const slowArrived = waitForEvent(progress, 'slow-request', {
    timeoutMs: 5000,
    message: 'the slow request reaching its handler',
  });
  const inFlight = get(port, '/slow', agent);
  await slowArrived;
  const closeStarted = waitForEvent(progress, 'closing', { timeoutMs: 5000, message: 'the app starting to close' });
  const closing = app.close();
  await closeStarted;

  // A request on a kept-alive connection during shutdown is answered 503, a new connection refused.
  const during = await get(port, '/health', agent).catch((error: NodeJS.ErrnoException) => ({
    status: 0,
    body: error.code ?? '',
  }));
  expect([503, 0]).toContain(during.status);
  release();
  const finished = await inFlight;
  expect(finished).toEqual({ status: 200, body: '{"done":true}' });
  await closing;
  expect((app.db as unknown as { ending: boolean }).ending).toBe(true);
  await expect(get(port, '/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  agent.destroy();
});
