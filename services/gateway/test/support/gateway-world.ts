import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createTokenKit, type TokenKit } from '@tracemap/test-kit';
import { service } from '../../src/app';
import { loadConfig } from '../../src/config';

// The gateway in front of stand-in services (auth, account, company; subscription is down),
// web app files in a temporary folder and a remotes file, shared by the gateway's suites.

export type Upstream = {
  app: FastifyInstance;
  url: string;
  seen: Array<{ url: string; headers: Record<string, unknown>; body: string; bytes: Buffer }>;
};

export interface GatewayWorld {
  gateway: FastifyInstance;
  auth: Upstream;
  account: Upstream;
  company: Upstream;
  tokens: TokenKit;
  frontendRoot: string;
  remotesFile: string;
  /** How many times account's stand-in answered its busy route. */
  busyAnswers(): number;
}

export const deadUrl = 'http://127.0.0.1:9'; // discard port: nothing listens
export const largeAnswer = JSON.stringify({
  items: Array.from({ length: 4000 }, (_, i) => ({ i, name: `événement ${i}` })),
});

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

/** Starts the world before the file's tests and closes it after; its fields are set once `beforeAll` has run. */
export function useGatewayWorld(): GatewayWorld {
  let busyAnswers = 0;
  const world = { busyAnswers: () => busyAnswers } as GatewayWorld;

  beforeAll(async () => {
    const tokens = await createTokenKit();
    const auth = await startUpstream('auth', (app) =>
      app.get('/auth/v1/.well-known/jwks.json', async () => ({ keys: [tokens.jwk] })),
    );
    const account = await startUpstream('account', (app) => {
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
    const company = await startUpstream('company', (app) => {
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
    const frontendRoot = mkdtempSync(path.join(os.tmpdir(), 'gateway-fe-'));
    mkdirSync(path.join(frontendRoot, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(frontendRoot, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(frontendRoot, 'shell/dist/main.abc123.js'), 'console.log(1)');
    mkdirSync(path.join(frontendRoot, 'mfe-auth/dist'), { recursive: true });
    writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/mf-manifest.json'), '{}');
    writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/remoteEntry.js'), '//');
    writeFileSync(path.join(frontendRoot, 'mfe-auth/dist/123.deadbeef.js'), '//');
    const remotesFile = path.join(frontendRoot, 'remotes.json');

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
    const gateway = await service.build(config);
    await gateway.ready();
    Object.assign(world, { gateway, auth, account, company, tokens, frontendRoot, remotesFile });
  });

  afterAll(async () => {
    await world.gateway?.close();
    await Promise.all([world.auth, world.account, world.company].map((u) => u?.app.close()));
  });
  return world;
}
