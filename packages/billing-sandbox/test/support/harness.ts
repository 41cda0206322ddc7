import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { sandboxStripeConnection } from '../../src';
import { hostService } from './host-service';
import { startIdentityPeer, PUBLIC_URL, type IdentityPeer } from './identity-peer';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export const SERVICE_TOKEN = 'sandbox-test-service-token-0123456789';
export const SECRET_KEY = 'sk_test_sandbox_for_tests';
// A fresh signing secret per test file: no test relies on a value written down anywhere.
export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
/** The API version this SDK release pins; requests name it explicitly. */
export const API_VERSION = '2026-10-28.endive';

export interface SandboxHarness {
  app: FastifyInstance;
  database: TestDatabase;
  stripe: Stripe;
  receiver: WebhookReceiver;
  peer: IdentityPeer;
  /** http://127.0.0.1:<port> of the service. */
  base: string;
  close(): Promise<void>;
}

/** `database`/`receiver` given: a restart of the service on the same state (closing leaves them to their owner). */
export async function startSandbox(
  options: { env?: Record<string, string>; database?: TestDatabase; receiver?: WebhookReceiver } = {},
): Promise<SandboxHarness> {
  const database = options.database ?? (await createTestDatabase());
  const receiver = options.receiver ?? (await startWebhookReceiver());
  const peer = await startIdentityPeer(SERVICE_TOKEN);
  const config = hostService.loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    PUBLIC_URL,
    AUTH_URL: peer.url,
    ACCOUNT_URL: peer.url,
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    SANDBOX_SECRET_KEY: SECRET_KEY,
    SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SANDBOX_WEBHOOK_URL: receiver.url,
    SANDBOX_WEBHOOK_RETRY_BASE_MS: '20',
    ...options.env,
  });
  const app = await hostService.build(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const connection = sandboxStripeConnection(config, app);
  const stripe = new Stripe(connection.apiKey, {
    apiVersion: API_VERSION,
    host: connection.host,
    port: connection.port,
    protocol: connection.protocol,
    telemetry: false,
    maxNetworkRetries: 0,
  });
  return {
    app,
    database,
    stripe,
    receiver,
    peer,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await peer.close();
      if (!options.receiver) await receiver.close();
      if (!options.database) await database.drop();
    },
  };
}

/** Submits a hosted form the way a browser does (urlencoded, redirects not followed). */
export async function submitForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}

/** The hosted page's address on this test's service (the session's url names the product's public origin). */
export const onService = (base: string, url: string) => `${base}${new URL(url).pathname}`;

export const CARD = { name: 'Ada Lovelace', expiry: '12 / 34', cvc: '123' };
