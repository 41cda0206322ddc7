import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { CompanyRole } from '@tracemap/contracts';
import { startDestinationsSandbox, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { SlackSandbox, type SlackSandboxOptions } from '@tracemap/slack-sandbox';
import { createTestDatabase, createTokenKit, TEST_PUBLIC_URL, type TestDatabase } from '@tracemap/test-kit';
import { service } from '../../src/app';
import { loadConfig, type IntegrationsConfig } from '../../src/config';
import type { IntegrationsDeps } from '../../src/deps';
import { CompanyPeer } from './company-peer';

export const SERVICE_TOKEN = 'integrations-test-service-token-0123456789';
export const SIGNING_SECRET = 'integrations-test-signing-secret';

export interface TestUser {
  id: string;
  token: string;
}

export interface Harness {
  app: FastifyInstance;
  config: IntegrationsConfig;
  deps: IntegrationsDeps;
  database: TestDatabase;
  /** A superuser connection for arranging and inspecting rows directly. */
  admin: pg.Pool;
  peer: CompanyPeer;
  slack: SlackSandbox;
  /** The four destinations' stand-in every destination URL points at. */
  destinations: DestinationsSandbox;
  /** A signed-in user with the given role in the company (null: not a member). */
  user(companyId?: string, role?: CompanyRole | null): Promise<TestUser>;
  call(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A second instance of the service on the same database and peers (closed with the harness). */
  replica(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The service on a fresh database, with the company service played by a peer and Slack by the
 * local stand-in. The delivery worker is off unless asked for: tests drain the outbox themselves.
 */
export async function startHarness(
  options: { env?: Record<string, string>; slack?: SlackSandboxOptions; logger?: FastifyServerOptions['logger'] } = {},
): Promise<Harness> {
  const database = await createTestDatabase();
  const tokens = await createTokenKit();
  const peer = new CompanyPeer(SERVICE_TOKEN);
  await peer.start();
  const slack = new SlackSandbox(options.slack);
  await slack.start();
  const destinations = await startDestinationsSandbox({ segmentReadsPerMinute: 1_000_000 });
  const configEnv: Record<string, string> = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_URL: 'http://127.0.0.1:9',
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    COMPANY_URL: peer.url,
    INTEGRATIONS_SECRET_KEY: randomBytes(32).toString('base64'),
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
    SLACK_DELIVERY_WORKER: 'false',
    SLACK_CHANNEL_INTERVAL_MS: '0',
    DESTINATION_SYNC_WORKER: 'false',
    DESTINATION_DRIFT_INTERVAL_MS: '0',
    DESTINATION_SEGMENT_URL: destinations.url,
    DESTINATION_AMPLITUDE_URL: destinations.url,
    DESTINATION_MPARTICLE_URL: destinations.url,
    DESTINATION_MPARTICLE_TOKEN_URL: `${destinations.url}/oauth/token`,
    DESTINATION_RUDDERSTACK_URL: destinations.url,
    DESTINATIONS_LOCAL: 'true',
    ...options.env,
  };
  const config = loadConfig(configEnv);
  const app = await service.build(config, {
    verifier: tokens.verifier,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  const admin = new pg.Pool({ connectionString: database.url, max: 2 });
  admin.on('error', () => undefined);
  const replicas: FastifyInstance[] = [];
  return {
    app,
    config,
    deps: service.depsOf(app),
    database,
    admin,
    peer,
    slack,
    destinations,
    async user(companyId, role = null) {
      const id = randomUUID();
      if (companyId) peer.setRole(companyId, id, role);
      return { id, token: await tokens.mint({ sub: id }) };
    },
    call(user, injectOptions) {
      const headers = { ...(injectOptions.headers ?? {}) } as Record<string, string>;
      if (user) headers.authorization = `Bearer ${user.token}`;
      return app.inject({ ...injectOptions, headers });
    },
    async replica(env = {}) {
      const replica = await service.build(loadConfig({ ...configEnv, ...env }), { verifier: tokens.verifier });
      await replica.ready();
      replicas.push(replica);
      return replica;
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await app.close();
      await admin.end();
      await peer.stop();
      await slack.stop();
      await destinations.close();
      await database.drop();
    },
  };
}
