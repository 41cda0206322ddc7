import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { CompanyRole } from '@tracemap/contracts';
import { createTestDatabase, createTokenKit, TEST_PUBLIC_URL, type TestDatabase } from '@tracemap/test-kit';
import { service } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import type { DiscoverySettings } from '../../../src/discovery/discovery-runtime';
import type { InsightsDeps } from '../../../src/deps';
import { CompanyPeer } from '../../support/company-peer';

const SERVICE_TOKEN = 'insights-discovery-test-token-0123456789';

export interface TestUser {
  id: string;
  token: string;
}

export interface DiscoveryHarness {
  app: FastifyInstance;
  deps: InsightsDeps;
  database: TestDatabase;
  admin: pg.Pool;
  peer: CompanyPeer;
  spoolDir: string;
  /** A signed-in user with the given role in the company (null: not a member). */
  user(companyId: string, role: CompanyRole | null): Promise<TestUser>;
  call(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The service with billing enforced, its company and subscription peers played
 * by the foundation's test peer, and discovery's settings overridable (a spool
 * folder of its own, smaller caps).
 */
export async function startDiscoveryHarness(
  settings: Partial<DiscoverySettings> = {},
  env: Record<string, string> = {},
): Promise<DiscoveryHarness> {
  const database = await createTestDatabase();
  const tokens = await createTokenKit();
  const peer = new CompanyPeer(SERVICE_TOKEN);
  await peer.start();
  const spoolDir = await mkdtemp(path.join(tmpdir(), 'insights-http-'));
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_URL: 'http://127.0.0.1:9',
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    COMPANY_URL: peer.url,
    SUBSCRIPTION_URL: peer.url,
    INSIGHTS_SECRET_KEY: randomBytes(32).toString('base64'),
    BILLING_ENFORCED: 'true',
    SUBSCRIPTION_STATUS_CACHE_MS: '0',
    ...env,
  });
  const app = await service.build(config, {
    verifier: tokens.verifier,
    discovery: { spoolDir, pollMs: 200, judgeDelayMs: 50, ...settings },
  });
  await app.ready();
  const admin = new pg.Pool({ connectionString: database.url, max: 2 });
  admin.on('error', () => undefined);
  return {
    app,
    deps: service.depsOf(app),
    database,
    admin,
    peer,
    spoolDir,
    async user(companyId, role) {
      const id = randomUUID();
      peer.setRole(companyId, id, role);
      return { id, token: await tokens.mint({ sub: id }) };
    },
    call(user, options) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = String(value);
      if (user) headers.authorization = `Bearer ${user.token}`;
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await admin.end();
      await peer.stop();
      await database.drop();
      await rm(spoolDir, { recursive: true, force: true });
    },
  };
}
