import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import type { TokenKit } from '@tracemap/test-kit';
import { useGatewayWorld, type Upstream } from './support/gateway-world';

const world = useGatewayWorld();
let gateway: FastifyInstance;
let account: Upstream, company: Upstream;
let tokens: TokenKit;
let frontendRoot: string;
let remotesFile: string;
beforeAll(() => {
  ({ gateway, account, company, tokens, frontendRoot, remotesFile } = world);
});

test('each prefix reaches the service that owns it, full path and query kept', async () => {
  const cases: Array<[string, string]> = [
    ['/auth/v1/token?grant_type=password', 'auth'],
    ['/api/account/sync', 'account'],
    ['/api/support/feedback', 'account'],
    ['/api/analytics/events', 'account'],
    ['/api/company/info', 'company'],
  ];
  for (const [url, owner] of cases) {
    const response = await gateway.inject({ method: 'POST', url, payload: { a: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ upstream: owner, url });
  }
});

test("each service's API document is reached where the service serves it; the gateway answers its own", async () => {
  for (const [url, owner] of [
    ['/auth/v1/openapi.json', 'auth'],
    ['/api/account/openapi.json', 'account'],
    ['/api/company/openapi.json', 'company'],
  ]) {
    const response = await gateway.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ upstream: owner, url });
  }
  // The subscription service is down in this test: its prefix answers for it.
  expect((await gateway.inject('/api/subscription/openapi.json')).json().message).toMatch(
    /subscription service is unavailable/,
  );
  const own = await gateway.inject('/api/gateway/openapi.json');
  expect(own.statusCode).toBe(200);
  expect(own.json().info.title).toBe('Tracemap gateway API');
});

test('a request id is created, forwarded and returned; client identity headers are dropped', async () => {
  const response = await gateway.inject({
    method: 'GET',
    url: '/api/account/sync',
    headers: {
      'x-service-token': 'forged',
      'x-user-id': 'admin',
      'x-forwarded-for': '6.6.6.6',
      'x-request-id': 'client-chosen',
    },
  });
  const id = response.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const received = account.seen.at(-1)!;
  expect(received.headers['x-request-id']).toBe(id);
  expect(received.headers['x-service-token']).toBeUndefined();
  expect(received.headers['x-user-id']).toBeUndefined();
  expect(received.headers['x-forwarded-for']).not.toContain('6.6.6.6');
});

test('bodies pass byte for byte (webhook signatures depend on it)', async () => {
  const raw = '{"b":2,   "a":1}';
  await gateway.inject({
    method: 'POST',
    url: '/api/company/info',
    payload: raw,
    headers: { 'content-type': 'application/json' },
  });
  expect(company.seen.at(-1)!.headers['content-type']).toBe('application/json');
  expect(company.seen.at(-1)!.body).toBe(raw);
  // Bytes that are not UTF-8 reach the service as sent, so it can refuse them rather than store replacement characters.
  const notUtf8 = Buffer.concat([Buffer.from('{"name":"Ada '), Buffer.from([0xff, 0xc3]), Buffer.from('"}')]);
  await gateway.inject({
    method: 'POST',
    url: '/api/company/info',
    payload: notUtf8,
    headers: { 'content-type': 'application/json' },
  });
  expect(company.seen.at(-1)!.bytes.equals(notUtf8)).toBe(true);
});

test('a plan file larger than the usual body limit reaches the import route, and only that route', async () => {
  const file = JSON.stringify({ attributes: 'x'.repeat(3 * 1024 * 1024) });
  const headers = { 'content-type': 'application/json' };
  const companyId = '6f1d2c1e-8d7a-4b8e-9a51-2f0c8e4b1a77';
  const imported = await gateway.inject({
    method: 'POST',
    url: `/api/company/${companyId}/tracking-plan/import?format=native`,
    payload: file,
    headers,
  });
  expect(imported.statusCode).toBe(200);
  expect(company.seen.at(-1)!.body).toBe(file);
  const elsewhere = await gateway.inject({
    method: 'POST',
    url: `/api/company/${companyId}/events`,
    payload: file,
    headers,
  });
  expect(elsewhere.statusCode).toBe(413);
});

test('a service that is down answers JSON 503 at once for its routes only', async () => {
  const started = Date.now();
  const down = await gateway.inject({ method: 'POST', url: '/api/subscription/update', payload: {} });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  expect(down.json().message).toMatch(/subscription service is unavailable/);
  expect(Date.now() - started).toBeLessThan(5000);
  const others = await gateway.inject({ method: 'POST', url: '/api/company/info', payload: {} });
  expect(others.statusCode).toBe(200);
  const ready = await gateway.inject('/ready');
  expect(ready.statusCode).toBe(503);
  expect(ready.json().message).toContain('subscription');
});

test('forged or expired tokens stop at the gateway; valid ones and the public key pass', async () => {
  const valid = await tokens.mint({ sub: 'user-1', sessionId: 'session-1' });
  expect(
    (await gateway.inject({ url: '/api/account/sync', headers: { authorization: `Bearer ${valid}` } })).statusCode,
  ).toBe(200);
  const forged = valid.slice(0, -4) + 'AAAA';
  const refused = await gateway.inject({ url: '/api/account/sync', headers: { authorization: `Bearer ${forged}` } });
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toEqual({
    statusCode: 401,
    code: 'session_expired',
    message: 'Your session has expired. Please log in again.',
  });
  const expired = await new SignJWT({ role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(1)
    .sign(new TextEncoder().encode('x'.repeat(32)));
  expect(
    (await gateway.inject({ url: '/api/account/sync', headers: { authorization: `Bearer ${expired}` } })).statusCode,
  ).toBe(401);
  expect(
    (await gateway.inject({ url: '/api/account/sync', headers: { authorization: 'Bearer public-anon-key' } }))
      .statusCode,
  ).toBe(200);
});

test('pages get the shell; unknown pages get it with status 404; cache headers fit each file', async () => {
  for (const page of ['/', '/login', '/company/abc/users', '/map-preview/x', '/admin/email']) {
    const response = await gateway.inject(page);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("object-src 'none'");
  }
  const unknown = await gateway.inject('/no/such/page');
  expect(unknown.statusCode).toBe(404);
  expect(unknown.body).toContain('<div id="root">');
  expect((await gateway.inject('/main.abc123.js')).headers['cache-control']).toContain('immutable');
  expect((await gateway.inject('/remotes/mfe-auth/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  expect((await gateway.inject('/remotes/mfe-auth/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
  expect((await gateway.inject('/remotes/mfe-auth/123.deadbeef.js')).headers['cache-control']).toContain('immutable');
  const missingApi = await gateway.inject('/api/nothing');
  expect(missingApi.statusCode).toBe(404);
  expect(missingApi.json().code).toBe('not_found');
});

test('the builds-latest manifest changes when the shell is redeployed, and is never cached', async () => {
  const before = await gateway.inject('/builds-latest.json?t=1');
  expect(before.headers['cache-control']).toBe('no-store');
  const first = before.json().shell;
  expect(first).toMatch(/^[0-9a-f]{16}$/);
  writeFileSync(
    path.join(frontendRoot, 'shell/dist/index.html'),
    '<!doctype html><div id="root"></div><script src="/main.def456.js"></script>',
  );
  const after = (await gateway.inject('/builds-latest.json?t=2')).json().shell;
  expect(after).toMatch(/^[0-9a-f]{16}$/);
  expect(after).not.toBe(first);
});

test('the remotes registry follows its configuration file without a restart', async () => {
  const before = (await gateway.inject('/remotes.json')).json();
  expect(before.remotes).toContainEqual({ name: 'mfe_auth', entry: '/remotes/mfe-auth/mf-manifest.json' });
  writeFileSync(remotesFile, JSON.stringify({ mfe_auth: 'http://127.0.0.1:9999/mf-manifest.json' }));
  const after = await gateway.inject('/remotes.json');
  expect(after.headers['cache-control']).toBe('no-cache');
  expect(after.json().remotes).toContainEqual({ name: 'mfe_auth', entry: 'http://127.0.0.1:9999/mf-manifest.json' });
  const page = await gateway.inject('/login');
  expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:9999');
  const config = (await gateway.inject('/app-config.json')).json();
  expect(config).toEqual({ authUrl: 'http://localhost:8080', publicKey: 'public-anon-key' });
});

test('API requests are rate-limited per client at the configured value', async () => {
  let first429 = 0;
  for (let i = 1; i <= 60; i++) {
    const response = await gateway.inject({
      url: '/api/company/info',
      method: 'POST',
      payload: {},
      remoteAddress: '10.0.0.7',
    });
    if (response.statusCode === 429) {
      first429 = i;
      expect(response.json().code).toBe('over_request_rate_limit');
      break;
    }
  }
  expect(first429).toBe(41);
  // Another client is unaffected.
  expect(
    (await gateway.inject({ url: '/api/company/info', method: 'POST', payload: {}, remoteAddress: '10.0.0.8' }))
      .statusCode,
  ).toBe(200);
});
