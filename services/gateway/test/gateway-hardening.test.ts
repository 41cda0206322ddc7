import type { FastifyInstance } from 'fastify';
import type { TokenKit } from '@tracemap/test-kit';
import { largeAnswer, useGatewayWorld, type Upstream } from './support/gateway-world';

const world = useGatewayWorld();
let gateway: FastifyInstance;
let account: Upstream, company: Upstream;
let tokens: TokenKit;
beforeAll(() => {
  ({ gateway, account, company, tokens } = world);
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
    const before = world.busyAnswers();
    const response = await gateway.inject({ url: '/api/account/busy', remoteAddress: HARDENING_IP });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, code: 'service_unavailable', message: 'busy' });
    expect(response.headers['retry-after']).toBe('5');
    expect(world.busyAnswers() - before).toBe(1);
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
