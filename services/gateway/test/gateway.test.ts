import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SignJWT } from 'jose';
import { createTokenKit, type TokenKit } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';

type Upstream = {
  app: FastifyInstance;
  url: string;
  seen: Array<{ url: string; headers: Record<string, unknown>; body: string; bytes: Buffer }>;
};

async function startUpstream(name: string, extra?: (app: FastifyInstance) => void): Promise<Upstream> {
  // Body limits are the gateway's business here: the stand-in services take anything.
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  const seen: Upstream['seen'] = [];
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
  extra?.(app);
  app.get('/ready', async () => ({ status: 'ready' }));
  app.all('/*', async (request, reply) => {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    seen.push({ url: request.url, headers: request.headers, body: bytes.toString('utf8'), bytes });
    return reply.header('x-upstream', name).send({ upstream: name, url: request.url });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, seen };
}

let gateway: FastifyInstance;
let auth: Upstream, account: Upstream, company: Upstream;
let tokens: TokenKit;
let frontendRoot: string;
let remotesFile: string;
const deadUrl = 'http://127.0.0.1:9'; // discard port: nothing listens
let busyAnswers = 0;
const largeAnswer = JSON.stringify({ items: Array.from({ length: 4000 }, (_, i) => ({ i, name: `événement ${i}` })) });

beforeAll(async () => {
  tokens = await createTokenKit();
  auth = await startUpstream('auth', (app) =>
    app.get('/auth/v1/.well-known/jwks.json', async () => ({ keys: [tokens.jwk] })),
  );
  account = await startUpstream('account', (app) => {
    app.get('/api/account/cacheable', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
    );
    app.get('/api/account/busy', async (_request, reply) => {
      busyAnswers += 1;
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ statusCode: 503, code: 'service_unavailable', message: 'busy' });
    });
  });
  company = await startUpstream('company', (app) => {
    app.get('/api/company/large', async (_request, reply) => reply.type('application/json').send(largeAnswer));
    // No content length: sent as chunks, as a streamed export would be.
    app.get('/api/company/unsized', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([largeAnswer.slice(0, 1000), largeAnswer.slice(1000)])),
    );
    app.get('/api/company/broken', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      reply.raw.write('{"partial":');
      setImmediate(() => reply.raw.destroy());
    });
  });
  frontendRoot = mkdtempSync(path.join(os.tmpdir(), 'gateway-fe-'));
  mkdirSync(path.join(frontendRoot, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(frontendRoot, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(frontendRoot, 'shell/dist/main.abc123.js'), 'console.log(1)');
  mkdirSync(path.join(frontendRoot, 'mfe-auth/dist'), { recursive: true });
  writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/mf-manifest.json'), '{}');
  writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/remoteEntry.js'), '//');
  writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/123.deadbeef.js'), '//');
  remotesFile = path.join(frontendRoot, 'remotes.json');

  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: auth.url,
    ACCOUNT_URL: account.url,
    COMPANY_URL: company.url,
    SUBSCRIPTION_URL: deadUrl,
    AUTH_PUBLIC_KEY: 'public-anon-key',
    FRONTEND_ROOT: frontendRoot,
    REMOTES_FILE: remotesFile,
    RATE_LIMIT_PER_MINUTE: '40',
  });
  gateway = await service.build(config);
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([auth, account, company].map((u) => u?.app.close()));
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

test("each service's API document is reached where the service serves it; the gateway has none of its own", async () => {
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
  expect((await gateway.inject('/api/gateway/openapi.json')).statusCode).toBe(404);
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

describe('hardening', () => {
  // Its own client address: these calls must not spend the rate-limit budget other tests count on.
  const HARDENING_IP = '10.0.9.9';
  test.each([
    '/api/company/mine?x=%FF',
    '/api/company/mine?x=%E0%A4%A',
    '/api/account/sync?%zz',
    '/api/company/%FF',
    '/%FF',
    '/login?next=%C3',
  ])('%s → 400 JSON without reaching a service', async (url) => {
    const before = company.seen.length + account.seen.length;
    const response = await gateway.inject({ url, remoteAddress: HARDENING_IP });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'malformed_url',
      message: 'The address contains a malformed percent escape.',
    });
    expect(company.seen.length + account.seen.length).toBe(before);
  });

  test('well-formed escapes still pass untouched', async () => {
    const response = await gateway.inject({
      url: '/api/company/mine?q=%C3%A9t%C3%A9&x=%25',
      remoteAddress: HARDENING_IP,
    });
    expect(response.statusCode).toBe(200);
    expect(company.seen.at(-1)!.url).toBe('/api/company/mine?q=%C3%A9t%C3%A9&x=%25');
  });

  test.each([
    ['the anon audience', { aud: 'anon' }],
    ['no expiry', { exp: undefined }],
    ['no issued-at', { iat: undefined }],
    ['no subject', { sub: undefined }],
    ['no session id', { session_id: undefined }],
  ] as Array<[string, Record<string, unknown>]>)(
    'a token signed with the real key but with %s stops at the gateway with 401',
    async (_label, change) => {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: 'http://localhost:8080/auth/v1',
        aud: 'authenticated',
        sub: 'user-1',
        exp: now + 600,
        iat: now,
        role: 'authenticated',
        session_id: 'session-1',
        ...change,
      };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
      const token = await tokens.signClaims(claims);
      const before = account.seen.length;
      const response = await gateway.inject({
        url: '/api/account/sync',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: HARDENING_IP,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'session_expired',
        message: 'Your session has expired. Please log in again.',
      });
      expect(account.seen.length).toBe(before);
    },
  );

  test('API answers, errors and gateway-made JSON are never sniffed nor stored', async () => {
    const responses = [
      await gateway.inject({ method: 'POST', url: '/api/company/info', payload: {}, remoteAddress: HARDENING_IP }),
      await gateway.inject({ url: '/api/nothing', remoteAddress: HARDENING_IP }),
      await gateway.inject({
        url: '/api/account/sync',
        headers: { authorization: 'Bearer not.a.token' },
        remoteAddress: HARDENING_IP,
      }),
      await gateway.inject({
        method: 'POST',
        url: '/api/subscription/update',
        payload: {},
        remoteAddress: HARDENING_IP,
      }),
      await gateway.inject({ url: '/api/company/mine?x=%FF', remoteAddress: HARDENING_IP }),
      await gateway.inject('/health'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 401, 503, 400, 200]);
    for (const response of responses) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test("a service's own 503 is passed on as it is, once, not retried", async () => {
    const before = busyAnswers;
    const response = await gateway.inject({ url: '/api/account/busy', remoteAddress: HARDENING_IP });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, code: 'service_unavailable', message: 'busy' });
    expect(response.headers['retry-after']).toBe('5');
    expect(busyAnswers - before).toBe(1);
  });

  test('small, large and unsized answers all pass whole, byte for byte', async () => {
    const small = await gateway.inject({
      method: 'POST',
      url: '/api/company/info',
      payload: {},
      remoteAddress: HARDENING_IP,
    });
    expect(small.headers['content-length']).toBe(String(Buffer.byteLength(small.body)));
    expect(small.json()).toEqual({ upstream: 'company', url: '/api/company/info' });
    for (const url of ['/api/company/large', '/api/company/unsized']) {
      const response = await gateway.inject({ url, remoteAddress: HARDENING_IP });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.rawPayload.equals(Buffer.from(largeAnswer))).toBe(true);
    }
  });

  test('an answer the service breaks off becomes a JSON 502, not half a document', async () => {
    const response = await gateway.inject({ url: '/api/company/broken', remoteAddress: HARDENING_IP });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ statusCode: 502, code: 'service_unavailable' });
  });

  test('a service that chose its own caching keeps it through the gateway', async () => {
    const response = await gateway.inject({ url: '/api/account/cacheable', remoteAddress: HARDENING_IP });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('static files and pages are never sniffed and keep their caching and CSP', async () => {
    const cases: Array<[string, string]> = [
      ['/main.abc123.js', 'public, max-age=31536000, immutable'],
      ['/remotes/mfe-auth/123.deadbeef.js', 'public, max-age=31536000, immutable'],
      ['/remotes/mfe-auth/mf-manifest.json', 'no-cache'],
      ['/remotes.json', 'no-cache'],
      ['/app-config.json', 'no-cache'],
      ['/builds-latest.json', 'no-store'],
      ['/login', 'no-cache'],
    ];
    for (const [url, cacheControl] of cases) {
      const response = await gateway.inject({ url, remoteAddress: HARDENING_IP });
      expect([
        url,
        response.statusCode,
        response.headers['cache-control'],
        response.headers['x-content-type-options'],
      ]).toEqual([url, 200, cacheControl, 'nosniff']);
    }
    const page = await gateway.inject('/login');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});
