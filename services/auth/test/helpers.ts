import { createServer, type AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import * as OTPAuth from 'otpauth';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import type { FastifyInstance } from 'fastify';
import { service } from '../src/app';
import { loadConfig, type AuthConfig } from '../src/config';

export const ANON_KEY = 'test-anon-key-0123456789';
export const SERVICE_KEY = 'test-service-role-key-0123456789abcdef';
export const INTERNAL_TOKEN = 'test-internal-token';

export interface RunningAuth {
  app: FastifyInstance;
  database: TestDatabase;
  config: AuthConfig;
  /** Base URL as supabase-js wants it (it appends /auth/v1). */
  url: string;
  client(flowType?: 'pkce' | 'implicit'): SupabaseClient;
  admin(): SupabaseClient;
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  /** Emails queued in the outbox for an address, newest first. */
  outbox(to: string): Promise<Array<{ template: string; data: { link?: string; otp?: string } }>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The auth service on a real port over a fresh database, with generous limits unless a test sets its own. */
export async function startAuth(env: Record<string, string> = {}, database?: TestDatabase): Promise<RunningAuth> {
  const db = database ?? (await createTestDatabase());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    DATABASE_URL: db.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PUBLIC_URL: url,
    AUTH_PUBLIC_KEY: ANON_KEY,
    AUTH_SERVICE_ROLE_KEY: SERVICE_KEY,
    INTERNAL_SERVICE_TOKEN: INTERNAL_TOKEN,
    AUTH_REDIRECT_ALLOW_LIST: 'http://app.example.test/welcome',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_EMAIL: '100000',
    AUTH_RATE_LIMIT_REFRESH: '100000',
    AUTH_RATE_LIMIT_MFA: '100000',
    AUTH_EMAIL_SEND_INTERVAL_SECONDS: '0',
    // Tests read what was queued; nothing is delivered.
    OUTBOX_WORKER: 'false',
    ...env,
  });
  const app = await service.build(config);
  await app.listen({ port, host: '127.0.0.1' });
  const options = (flowType: 'pkce' | 'implicit') => ({
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: WebSocket as never },
  });
  return {
    app,
    database: db,
    config,
    url,
    client: (flowType = 'implicit') => createClient(url, ANON_KEY, options(flowType)),
    admin: () => createClient(url, SERVICE_KEY, options('implicit')),
    async count(table, where = 'true', params = []) {
      const { rows } = await app.db.query(`SELECT count(*)::int AS n FROM auth.${table} WHERE ${where}`, params);
      return rows[0].n;
    },
    async outbox(to) {
      const { rows } = await app.db.query(
        'SELECT template, data FROM auth.outbox WHERE recipient = $1 ORDER BY created_at DESC',
        [to],
      );
      return rows;
    },
    async stop() {
      await app.close();
      if (!database) await db.drop();
    },
  };
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function newEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

export const STRONG_PASSWORD = 'correct horse battery staple 42';

export function totpCode(secret: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp });
}

/** Creates a confirmed user through the admin API and signs them in with supabase-js. */
export async function signedInUser(auth: RunningAuth, email = newEmail(), password = STRONG_PASSWORD) {
  const { error } = await auth.admin().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
  const client = auth.client();
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  return { client, session: data.session!, user: data.user!, email, password };
}
