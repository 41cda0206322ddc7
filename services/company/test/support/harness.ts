import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createTestDatabase, startSmtpPeer, type SmtpPeer, type TestDatabase } from '@tracemap/test-kit';
import { service } from '../../src/app';
import { loadConfig, type CompanyConfig } from '../../src/config';
import { startContractPeer, type ContractPeer, type PeerUser } from './contract-peer';
import { createTokenKit, PUBLIC_URL, type TokenKit } from './tokens';

export const SERVICE_TOKEN = 'test-internal-service-token';
export const SERVICE_ROLE_KEY = 'test-service-role-key';

export interface TestUser extends PeerUser {
  sessionId: string;
  token: string;
}

export interface Harness {
  app: FastifyInstance;
  config: CompanyConfig;
  database: TestDatabase;
  /** A superuser connection for arranging and inspecting rows directly. */
  admin: pg.Pool;
  peer: ContractPeer;
  smtp: SmtpPeer | null;
  tokens: TokenKit;
  user(options?: Partial<PeerUser> & { email?: string }): Promise<TestUser>;
  /** inject with the user's bearer token when one is given. */
  call(user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    smtp?: boolean;
    env?: Record<string, string>;
    /** auth's peer announces session ends, as auth does */ announceSessions?: boolean;
  } = {},
): Promise<Harness> {
  const database = await createTestDatabase();
  const tokens = await createTokenKit();
  const peer = await startContractPeer({
    serviceToken: SERVICE_TOKEN,
    serviceRoleKey: SERVICE_ROLE_KEY,
    announceTo: options.announceSessions ? database.url : undefined,
  });
  const smtp = options.smtp ? await startSmtpPeer() : null;
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    PUBLIC_URL,
    AUTH_URL: peer.url,
    ACCOUNT_URL: peer.url,
    SUBSCRIPTION_URL: peer.url,
    INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
    AUTH_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    OUTBOX_WORKER: smtp ? 'true' : 'false',
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  const app = await service.build(config, { verifier: tokens.verifier });
  await app.ready();
  const admin = new pg.Pool({ connectionString: database.url, max: 2 });
  // Tests cut listener connections on purpose; an idle client lost that way is replaced, not fatal.
  admin.on('error', () => undefined);

  return {
    app,
    config,
    database,
    admin,
    peer,
    smtp,
    tokens,
    async user(given = {}) {
      const user = peer.addUser({ email: given.email ?? `user-${randomUUID().slice(0, 8)}@example.test`, ...given });
      const sessionId = randomUUID();
      return { ...user, sessionId, token: await tokens.mint({ sub: user.id, email: user.email, sessionId }) };
    },
    call(user, injectOptions) {
      const headers = { ...(injectOptions.headers ?? {}) } as Record<string, string>;
      if (user) headers.authorization = `Bearer ${user.token}`;
      return app.inject({ ...injectOptions, headers });
    },
    async close() {
      await app.close();
      await admin.end();
      await peer.stop();
      await smtp?.stop();
      await database.drop();
    },
  };
}

/** Creates a company through the API and answers its id. */
export async function createCompanyAs(
  h: Harness,
  owner: TestUser,
  name = `Company ${randomUUID().slice(0, 6)}`,
): Promise<string> {
  const response = await h.call(owner, { method: 'POST', url: '/api/company/create', payload: { name } });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().company.id;
}

/** Adds a member directly (arrangement only; the API path is covered by the invitation tests). */
export async function addMember(h: Harness, companyId: string, userId: string, role: string): Promise<void> {
  await h.admin.query(`INSERT INTO company.memberships (company_id, user_id, role) VALUES ($1, $2, $3)`, [
    companyId,
    userId,
    role,
  ]);
}
