import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { service } from '../../src/app';
import { loadConfig, type AccountConfig } from '../../src/config';

export const SERVICE_TOKEN = 'test-internal-service-token';
export const PUBLIC_URL = 'http://localhost:8080';
/** An address nothing listens on: a service that is down. */
export const DOWN_URL = 'http://127.0.0.1:9';

/** A port nothing listens on right now, for a service others must know the address of before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startAccount(
  env: Record<string, string>,
  port = 0,
): Promise<{ app: FastifyInstance; config: AccountConfig; url: string }> {
  const config = loadConfig({
    PORT: '0',
    // Tests that deliver emails start the outbox themselves (startStack), against their SMTP peer.
    OUTBOX_WORKER: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PUBLIC_URL,
    AUTH_URL: DOWN_URL,
    COMPANY_URL: DOWN_URL,
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    AUTH_PUBLIC_KEY: 'public-key-not-used',
    INTERNAL_TIMEOUT_MS: '2000',
    ...env,
  });
  const app = await service.build(config);
  const url = await app.listen({ host: '127.0.0.1', port });
  return { app, config, url };
}

export async function count(app: FastifyInstance, table: string): Promise<number> {
  const { rows } = await app.db.query(`SELECT count(*)::int AS n FROM account.${table}`);
  return rows[0].n;
}
