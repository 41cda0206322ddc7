import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { signaturesHeader } from '@tracemap/billing-sandbox';
import { SERVICE_NAMES, startStack, type Stack } from '../src/stack';

let stack: Stack;
let database: TestDatabase | undefined;

beforeAll(async () => {
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  stack = await startStack({
    port: 0,
    databaseUrl: database?.url,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-stack-')),
    logLevel: 'warn',
    log: () => undefined,
  });
});

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
});

test('every service is ready on the shared database, and the gateway reports them all', async () => {
  for (const name of SERVICE_NAMES) {
    const response = await fetch(`${stack.urls[name]}/ready`);
    expect(response.status).toBe(200);
  }
  const ready = await fetch(`${stack.url}/ready`);
  expect(ready.status).toBe(200);
});

test('the request id made at the gateway comes back from every service', async () => {
  const routes = ['/auth/v1/settings', '/api/account/sync', '/api/company/mine', '/api/subscription/none'];
  const ids = new Set<string>();
  for (const route of routes) {
    const response = await fetch(`${stack.url}${route}`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    ids.add(id!);
    if (response.headers.get('content-type')?.includes('json') && response.status >= 400) {
      const body = (await response.json()) as { statusCode: number; message: string };
      expect(body.statusCode).toBe(response.status);
      expect(typeof body.message).toBe('string');
    }
  }
  expect(ids.size).toBe(routes.length);
});

test('a stopped service answers JSON 503 for its routes only, and recovers when it is back', async () => {
  await stack.stopService('company');
  try {
    const started = Date.now();
    const down = await fetch(`${stack.url}/api/company/mine`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await fetch(`${stack.url}/auth/v1/settings`)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/account/sync`)).status).toBe(401);
    expect((await fetch(`${stack.url}/`)).status).toBe(200);
    expect((await fetch(`${stack.url}/ready`)).status).toBe(503);
  } finally {
    await stack.startService('company');
  }
  const back = await fetch(`${stack.url}/api/company/mine`);
  expect(back.status).toBe(401);
  expect((await fetch(`${stack.url}/ready`)).status).toBe(200);
});

test("a billing webhook signed with the formerly built-in sandbox secret is refused; the stack's own secret is what signs", async () => {
  const post = (payload: string, secret: string) =>
    fetch(`${stack.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signaturesHeader(payload, secret) },
      body: payload,
    });
  const event = (type: string) =>
    JSON.stringify({
      id: `evt_${Date.now()}_${type}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_x' } },
    });
  const forged = await post(event('customer.subscription.deleted'), 'whsec_tracemap_sandbox');
  expect(forged.status).toBe(400);
  expect(await forged.json()).toEqual({
    statusCode: 400,
    code: 'invalid_signature',
    message: 'The event signature is not valid or too old.',
  });
  // An event type billing ignores: only the signature is under test here.
  const genuine = await post(event('balance.available'), stack.secrets.SANDBOX_WEBHOOK_SECRET);
  expect(genuine.status).toBe(200);
  expect(await genuine.json()).toEqual({ received: true, outcome: 'ignored' });
});

test('the web app, its remotes registry and runtime config are served with the right caching', async () => {
  const registry = await fetch(`${stack.url}/remotes.json`);
  expect(registry.headers.get('cache-control')).toBe('no-cache');
  const { remotes } = (await registry.json()) as { remotes: Array<{ name: string; entry: string }> };
  expect(remotes.map((r) => r.name).sort()).toEqual(['mfe_admin', 'mfe_auth', 'mfe_company', 'mfe_marketing']);
  for (const remote of remotes) {
    const manifest = await fetch(`${stack.url}${remote.entry}`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  }
  const config = (await (await fetch(`${stack.url}/app-config.json`)).json()) as { publicKey: string };
  expect(config.publicKey).toBe(stack.secrets.AUTH_PUBLIC_KEY);
  expect((await fetch(`${stack.url}/company/abc/users`)).status).toBe(200);
  expect((await fetch(`${stack.url}/definitely/not/a/page`)).status).toBe(404);
});
