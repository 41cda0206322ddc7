import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
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
  app.get('/slow', async () => {
    await gate;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  expect((await get(port, '/health', agent)).status).toBe(200);

  const inFlight = get(port, '/slow', agent);
  await new Promise((r) => setTimeout(r, 50));
  const closing = app.close();
  await new Promise((r) => setTimeout(r, 50));

  // A request on a kept-alive connection during shutdown is answered 503, a new connection refused.
  const during = await get(port, '/health', agent).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: error.code ?? '' }));
  expect([503, 0]).toContain(during.status);
  release();
  const finished = await inFlight;
  expect(finished).toEqual({ status: 200, body: '{"done":true}' });
  await closing;
  expect((app.db as unknown as { ending: boolean }).ending).toBe(true);
  await expect(get(port, '/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  agent.destroy();
});
