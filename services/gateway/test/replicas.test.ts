import Fastify, { type FastifyInstance } from 'fastify';
import { Replicas } from '../src/upstreams';
import { buildLoneGateway } from './support/lone-gateway';
import { deadUrl } from './support/gateway-world';

interface Seen {
  replica: string;
  forwardedFor: string | undefined;
  body: string;
}

/** A stand-in for one replica of the subscription service: it answers webhooks and notes what it got. */
async function replica(name: string, seen: Seen[]): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.get('/ready', async () => ({ ok: true }));
  app.post('/webhooks/billing', async (request) => {
    const forwarded = request.headers['x-forwarded-for'];
    seen.push({
      replica: name,
      forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      body: String(request.body),
    });
    return { replica: name };
  });
  return { url: await app.listen({ port: 0, host: '127.0.0.1' }), app };
}

const seen: Seen[] = [];
const closers: Array<() => Promise<unknown>> = [];
let first: string, second: string;

beforeAll(async () => {
  const a = await replica('a', seen);
  const b = await replica('b', seen);
  first = a.url;
  second = b.url;
  closers.push(
    () => a.app.close(),
    () => b.app.close(),
  );
});
afterAll(async () => {
  for (const close of closers) await close();
});

async function gatewayWith(env: Record<string, string>): Promise<FastifyInstance> {
  const gateway = await buildLoneGateway('replicas', env);
  closers.unshift(() => gateway.close());
  return gateway;
}

const webhook = (gateway: FastifyInstance, payload: string, extra: Record<string, string> = {}) =>
  gateway.inject({
    method: 'POST',
    url: '/webhooks/billing',
    headers: { 'content-type': 'application/json', ...extra },
    payload,
  });

describe('several replicas of a service', () => {
  test('requests take turns among the replicas, each with its body', async () => {
    const gateway = await gatewayWith({ SUBSCRIPTION_URL: `${first}, ${second}` });
    seen.length = 0;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await webhook(gateway, `{"n":${i}}`)).json().replica);
    expect(answers).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(seen.map((s) => s.body)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `{"n":${n}}`));
  });

  test('a replica that refuses connections is passed over: every request is answered by the live one', async () => {
    const gateway = await gatewayWith({ SUBSCRIPTION_URL: `${deadUrl},${second}` });
    seen.length = 0;
    for (let i = 0; i < 4; i++) {
      const response = await webhook(gateway, `{"n":${i}}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ replica: 'b' });
    }
    // Each request reached the live replica once, its body whole.
    expect(seen.map((s) => s.body)).toEqual([0, 1, 2, 3].map((n) => `{"n":${n}}`));
  });

  test('with every replica down the answer is the usual JSON 503', async () => {
    const gateway = await gatewayWith({ SUBSCRIPTION_URL: `${deadUrl},http://127.0.0.1:1` });
    const response = await webhook(gateway, '{}');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  test('the gateway is ready while one replica of each service is', async () => {
    const gateway = await gatewayWith({
      AUTH_URL: `${deadUrl},${first}`,
      ACCOUNT_URL: first,
      COMPANY_URL: `${second},${deadUrl}`,
      SUBSCRIPTION_URL: first,
      INSIGHTS_URL: second,
      INTEGRATIONS_URL: first,
    });
    expect((await gateway.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  test('a list with an address that is not one is refused at start', async () => {
    await expect(gatewayWith({ SUBSCRIPTION_URL: `${first},nope` })).rejects.toThrow(/SUBSCRIPTION_URL/);
  });
});

describe('turns', () => {
  test('a resting replica is skipped until its rest is over; with all resting the next in turn is tried', () => {
    let now = 0;
    const replicas = new Replicas(['x', 'y', 'z'], 1000, () => now);
    expect([replicas.pick(), replicas.pick(), replicas.pick(), replicas.pick()]).toEqual(['x', 'y', 'z', 'x']);
    replicas.refused('y');
    expect([replicas.pick(), replicas.pick(), replicas.pick()]).toEqual(['z', 'x', 'z']);
    expect(replicas.pick(new Set(['x', 'z']))).toBe('y');
    replicas.refused('x');
    replicas.refused('z');
    expect(replicas.pick(new Set(['x']))).toBeDefined();
    expect(replicas.pick(new Set(['x', 'y', 'z']))).toBeUndefined();
    now = 1000;
    expect([replicas.pick(), replicas.pick(), replicas.pick()].sort()).toEqual(['x', 'y', 'z']);
  });
});

describe('the client address behind a proxy', () => {
  test('without trusted proxies a client-sent X-Forwarded-For is ignored', async () => {
    const gateway = await gatewayWith({ SUBSCRIPTION_URL: first });
    seen.length = 0;
    await webhook(gateway, '{}', { 'x-forwarded-for': '203.0.113.7' });
    expect(seen[0].forwardedFor).toBe('127.0.0.1');
  });

  test('from a trusted proxy the forwarded client is the address; from anyone else it is not', async () => {
    const gateway = await gatewayWith({ SUBSCRIPTION_URL: first, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' });
    seen.length = 0;
    await webhook(gateway, '{}', { 'x-forwarded-for': '203.0.113.7' });
    const fromElsewhere = await gateway.inject({
      method: 'POST',
      url: '/webhooks/billing',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
      payload: '{}',
      remoteAddress: '198.51.100.4',
    });
    expect(fromElsewhere.statusCode).toBe(200);
    expect(seen.map((s) => s.forwardedFor)).toEqual(['203.0.113.7', '198.51.100.4']);
  });

  test('the rate limit counts each client behind the proxy apart', async () => {
    const gateway = await gatewayWith({
      SUBSCRIPTION_URL: first,
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '2',
    });
    const from = (client: string) => webhook(gateway, '{}', { 'x-forwarded-for': client });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
    // Another client through the same proxy still has its whole budget.
    expect((await from('203.0.113.2')).statusCode).toBe(200);
  });

  test('a proxy list that is not addresses is refused at start', async () => {
    await expect(gatewayWith({ TRUSTED_PROXIES: 'everyone' })).rejects.toThrow(/TRUSTED_PROXIES/);
  });
});
