import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { service, type BuildOverrides } from '../../src/app';
import { loadConfig, type SubscriptionConfig } from '../../src/config';
import { companyInfo, FakePeers } from './fake-peers';
import { FakeStripe } from './fake-stripe';
import { createTokenKit, PUBLIC_URL, type TokenKit } from './tokens';

export const SERVICE_TOKEN = 'internal-token-for-tests-0123456789';
// A fresh signing secret per test file: no test relies on a value written down anywhere.
export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;

export interface Harness {
  app: FastifyInstance;
  config: SubscriptionConfig;
  database: TestDatabase;
  stripe: FakeStripe;
  peers: FakePeers;
  tokens: TokenKit;
  /** http://127.0.0.1:<port> when the service listens (the sandbox variant). */
  base: string;
  /** Posts an event to /webhooks/stripe signed as the provider signs it. */
  deliver(
    event: Record<string, unknown>,
    options?: { timestamp?: number; secret?: string; tamper?: (payload: string) => string },
  ): Promise<{ statusCode: number; body: string }>;
  close(): Promise<void>;
}

const signer = new Stripe('sk_test_unused', { telemetry: false });

/**
 * The service with its peers. By default the provider is a small wire-format server of the
 * test's own (FakeStripe); with `sandbox: true` it is the sandbox inside the service, which
 * then listens so the SDK and the sandbox's webhook delivery can reach it over HTTP.
 */
export async function startHarness(
  options: {
    env?: Record<string, string>;
    overrides?: BuildOverrides;
    database?: TestDatabase;
    sandbox?: boolean;
  } = {},
): Promise<Harness> {
  const database = options.database ?? (await createTestDatabase());
  const stripe = new FakeStripe();
  await stripe.start();
  const peers = new FakePeers(SERVICE_TOKEN);
  await peers.start();
  const tokens = await createTokenKit();
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    PUBLIC_URL,
    AUTH_URL: 'http://127.0.0.1:9',
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    COMPANY_URL: peers.url,
    ACCOUNT_URL: peers.url,
    ...(options.sandbox
      ? { SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET }
      : { STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }),
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_WORKER: 'false',
    SANDBOX_WEBHOOK_WORKER: 'false',
    ...options.env,
  });
  const app = await service.build(config, { verifier: tokens.verifier, ...options.overrides });
  let base = '';
  if (options.sandbox) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  } else {
    await app.ready();
  }
  peers.info = async (companyId, userId) => {
    const internal = await app.inject({
      url: `/internal/companies/${companyId}/subscription`,
      headers: { 'x-service-token': SERVICE_TOKEN },
    });
    return companyInfo(companyId, peers.roles.get(`${companyId}:${userId}`) ?? 'viewer', internal.json().subscription);
  };

  return {
    app,
    config,
    database,
    stripe,
    peers,
    tokens,
    base,
    async deliver(event, deliverOptions = {}) {
      const payload = JSON.stringify({
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        ...event,
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: deliverOptions.secret ?? WEBHOOK_SECRET,
        timestamp: deliverOptions.timestamp,
      });
      const response = await app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: { 'stripe-signature': header, 'content-type': 'application/json' },
        payload: deliverOptions.tamper ? deliverOptions.tamper(payload) : payload,
      });
      return { statusCode: response.statusCode, body: response.body };
    },
    async close() {
      await app.close();
      await peers.stop();
      await stripe.stop();
      if (!options.database) await database.drop();
    },
  };
}

/** A subscription event as the provider sends it (the handler re-reads the object anyway). */
export function subscriptionEvent(
  type: string,
  sub: { id: string; customer: string; metadata?: Record<string, string> },
  extra: Record<string, unknown> = {},
) {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    type,
    data: {
      object: { id: sub.id, object: 'subscription', customer: sub.customer, metadata: sub.metadata ?? {}, ...extra },
    },
  };
}
