import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { service } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * Map previews are the only pages another site may frame: the gateway asks
 * the company service which origins the map's company allows, keeps the
 * answer briefly, and falls back to nobody when it cannot ask. Every other
 * page keeps `frame-ancestors 'none'` and X-Frame-Options.
 */

const SERVICE_TOKEN = 'gateway-test-service-token';
const SHARED = '11111111-1111-4111-8111-111111111111';
const PRIVATE = '22222222-2222-4222-8222-222222222222';
const FAILING = '33333333-3333-4333-8333-333333333333';
const CACHED = '44444444-4444-4444-8444-444444444444';

let company: FastifyInstance;
let gateway: FastifyInstance;
let downGateway: FastifyInstance;
const asked: string[] = [];
const forwarded: Array<{ url: string; authorization: unknown }> = [];
let cachedOrigins = ['https://first.example'];

async function gatewayFor(companyUrl: string): Promise<FastifyInstance> {
  const frontendRoot = mkdtempSync(path.join(os.tmpdir(), 'gateway-csp-'));
  mkdirSync(path.join(frontendRoot, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(frontendRoot, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  const app = await service.build(
    loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_URL: 'http://127.0.0.1:9',
      ACCOUNT_URL: 'http://127.0.0.1:9',
      COMPANY_URL: companyUrl,
      SUBSCRIPTION_URL: 'http://127.0.0.1:9',
      AUTH_PUBLIC_KEY: 'public-anon-key',
      FRONTEND_ROOT: frontendRoot,
      INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
      MAP_EMBED_CACHE_MS: '600000',
    }),
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  company = Fastify();
  company.get('/internal/maps/:mapId/frame-ancestors', async (request, reply) => {
    const { mapId } = request.params as { mapId: string };
    asked.push(mapId);
    if (request.headers['x-service-token'] !== SERVICE_TOKEN)
      return reply.code(401).send({ statusCode: 401, code: 'unauthorized', message: 'no' });
    if (mapId === FAILING) return reply.code(500).send({ statusCode: 500, code: 'internal', message: 'boom' });
    if (mapId === SHARED)
      return { origins: ['https://docs.example.com', 'http://localhost:4000', "'unsafe-inline' https://evil"] };
    if (mapId === CACHED) return { origins: cachedOrigins };
    return { origins: [] };
  });
  company.get('/api/company/map-preview/:mapId', async (request) => {
    forwarded.push({ url: request.url, authorization: request.headers.authorization });
    return { ok: true };
  });
  const url = await company.listen({ port: 0, host: '127.0.0.1' });
  gateway = await gatewayFor(url);
  downGateway = await gatewayFor('http://127.0.0.1:9');
});

afterAll(async () => {
  await gateway?.close();
  await downGateway?.close();
  await company?.close();
});

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

test('a map preview may be framed by the origins its company allows, and only by well-formed ones', async () => {
  const response = await gateway.inject(`/map-preview/${SHARED}?token=abc`);
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('<div id="root">');
  expect(frameAncestors(response.headers['content-security-policy'])).toBe(
    'https://docs.example.com http://localhost:4000',
  );
  expect(response.headers['x-frame-options']).toBeUndefined();
  expect(response.headers['content-security-policy']).toContain("object-src 'none'");
});

test("a preview whose company allows nobody, an unknown preview id and every other page answer frame-ancestors 'none'", async () => {
  for (const page of [`/map-preview/${PRIVATE}`, '/map-preview/not-a-uuid', '/', '/company/abc/maps', '/login']) {
    const response = await gateway.inject(page);
    expect({
      page,
      fa: frameAncestors(response.headers['content-security-policy']),
      xfo: response.headers['x-frame-options'],
    }).toEqual({
      page,
      fa: "'none'",
      xfo: 'DENY',
    });
  }
  // Pages that are not previews never cost a call to the company service.
  expect(asked.filter((id) => id !== SHARED && id !== PRIVATE)).toEqual([]);
});

test('when the company service fails or is down, nobody may frame the preview', async () => {
  const failing = await gateway.inject(`/map-preview/${FAILING}`);
  expect(failing.statusCode).toBe(200);
  expect(frameAncestors(failing.headers['content-security-policy'])).toBe("'none'");
  const down = await downGateway.inject(`/map-preview/${SHARED}`);
  expect(down.statusCode).toBe(200);
  expect(frameAncestors(down.headers['content-security-policy'])).toBe("'none'");
  expect(down.headers['x-frame-options']).toBe('DENY');
});

test('the answer is kept for a while: a second page load does not ask again', async () => {
  const first = await gateway.inject(`/map-preview/${CACHED}`);
  cachedOrigins = ['https://second.example'];
  const second = await gateway.inject(`/map-preview/${CACHED.toUpperCase()}`);
  expect(frameAncestors(first.headers['content-security-policy'])).toBe('https://first.example');
  expect(frameAncestors(second.headers['content-security-policy'])).toBe('https://first.example');
  expect(asked.filter((id) => id === CACHED)).toHaveLength(1);
});

test('preview pages are rate limited like the API (each may cost a lookup); other pages are not', async () => {
  expect((await gateway.inject(`/map-preview/${PRIVATE}`)).headers['x-ratelimit-limit']).toBeDefined();
  expect((await gateway.inject('/company/abc/maps')).headers['x-ratelimit-limit']).toBeUndefined();
});

test('the preview data is forwarded without a login, token in the query kept, and is rate limited like the API', async () => {
  const response = await gateway.inject(`/api/company/map-preview/${SHARED}?token=tok_abc`);
  expect(response.statusCode).toBe(200);
  expect(forwarded).toContainEqual({
    url: `/api/company/map-preview/${SHARED}?token=tok_abc`,
    authorization: undefined,
  });
  expect(response.headers['x-ratelimit-limit']).toBeDefined();
});
