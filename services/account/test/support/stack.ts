import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, startSmtpPeer, type SmtpPeer, type TestDatabase } from '@tracemap/test-kit';
import type { JWTPayload } from 'jose';
import WebSocket from 'ws';
import { service as auth } from '@tracemap/auth/service';
import { service as companyService } from '@tracemap/company/service';
import type { AccountConfig } from '../../src/config';
import { DOWN_URL, freePort, PUBLIC_URL, SERVICE_TOKEN, startAccount } from './account-app';

export const PUBLIC_KEY = 'tracemap-test-public-key';
export const SERVICE_ROLE_KEY = 'tracemap-test-service-role-key';
export const PASSWORD = 'correct horse battery staple 42';

export interface Stack {
  database: TestDatabase;
  smtp: SmtpPeer;
  auth: { app: FastifyInstance; url: string };
  company: { app: FastifyInstance; url: string } | null;
  account: { app: FastifyInstance; url: string; config: AccountConfig };
  /** supabase-js with the service role key, for creating users and links as an admin would. */
  admin: SupabaseClient;
  stop(): Promise<void>;
}

export function browserClient(authUrl: string): SupabaseClient {
  return createClient(authUrl, PUBLIC_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * The real parts the account service talks to, in this process: the auth
 * service (its own declaration), optionally the company service, an SMTP peer
 * and one fresh database shared by their schemas.
 */
export async function startStack(
  options: { company?: boolean; accountEnv?: Record<string, string> } = {},
): Promise<Stack> {
  // The company service asks this one for member names, so it learns this one's address first.
  const accountPort = await freePort();
  const database = await createTestDatabase();
  const smtp = await startSmtpPeer();
  // Auth runs its own outbox worker, as in production: its emails (reset links) reach the same SMTP peer.
  const authApp = await auth.build(
    auth.loadConfig({
      PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      DATABASE_URL: database.url,
      PUBLIC_URL,
      AUTH_PUBLIC_KEY: PUBLIC_KEY,
      AUTH_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tracemap <no-reply@tracemap.test>',
      AUTH_EMAIL_SEND_INTERVAL_SECONDS: '0',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
    }),
  );
  const authUrl = await authApp.listen({ host: '127.0.0.1', port: 0 });

  const company = options.company
    ? await startCompany({
        DATABASE_URL: database.url,
        AUTH_URL: authUrl,
        ACCOUNT_URL: `http://127.0.0.1:${accountPort}`,
        SUBSCRIPTION_URL: DOWN_URL,
      })
    : null;

  const account = await startAccount(
    {
      DATABASE_URL: database.url,
      AUTH_URL: authUrl,
      COMPANY_URL: company?.url ?? DOWN_URL,
      AUTH_PUBLIC_KEY: PUBLIC_KEY,
      SMTP_URL: smtp.url,
      ...(options.accountEnv ?? {}),
    },
    accountPort,
  );
  account.app.outbox.start();

  const admin = createClient(authUrl, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

  return {
    database,
    smtp,
    auth: { app: authApp, url: authUrl },
    company,
    account,
    admin,
    async stop() {
      await account.app.close();
      await company?.app.close();
      await authApp.close();
      await smtp.stop();
      await database.drop();
    },
  };
}

/** A company service on a free port, started through its package's declaration as the stack starts it. */
export async function startCompany(env: Record<string, string>): Promise<{ app: FastifyInstance; url: string }> {
  const app = await companyService.build(
    companyService.loadConfig({
      PORT: '0',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PUBLIC_URL,
      INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
      OUTBOX_WORKER: 'false',
      ...env,
    }),
  );
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

/** Signs claims with the auth service's own key, as auth itself would. */
export async function signAsAuth(stack: Stack, claims: JWTPayload): Promise<string> {
  return auth.depsOf(stack.auth.app).keys.sign(claims);
}

let counter = 0;

/** A confirmed user signed in through supabase-js, as the browser would be. */
export async function signedInUser(
  stack: Stack,
  options: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<{ id: string; email: string; token: string; client: SupabaseClient }> {
  counter += 1;
  const email = options.email ?? `user${counter}.${Date.now()}@example.com`;
  const created = await stack.admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { first_name: options.firstName ?? 'Ada', last_name: options.lastName ?? 'Lovelace' },
  });
  if (created.error) throw created.error;
  const client = browserClient(stack.auth.url);
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: data.user!.id, email, token: data.session!.access_token, client };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
