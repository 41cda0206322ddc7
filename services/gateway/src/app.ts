import rateLimit from '@fastify/rate-limit';
import { createService } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config';
import { upstreamsFrom } from './upstreams';
import proxy from './plugins/proxy';
import accessTokenCheck from './plugins/access-token-check';
import frontends from './plugins/frontends';
import { frameAncestorsLookup } from './map-frame-ancestors';

/**
 * The only public entry point: it creates the request id, rate-limits,
 * rejects forged tokens, forwards API prefixes to their services and serves
 * the web app with its remotes registry.
 */
export async function buildApp(config: GatewayConfig): Promise<FastifyInstance> {
  const upstreams = upstreamsFrom(config);
  const app = await createService({
    name: 'gateway',
    config,
    database: false,
    authentication: false,
    trustIncomingRequestId: false,
    readiness: async () => {
      const results = await Promise.allSettled(
        upstreams
          .filter((u) => u.name !== 'dev-mailbox')
          .map(async (u) => {
            const response = await fetch(new URL('/ready', u.baseUrl), { signal: AbortSignal.timeout(2000) });
            if (!response.ok) throw new Error(u.name);
          }),
      );
      const down = results.flatMap((r, i) => (r.status === 'rejected' ? [upstreams[i].name] : []));
      if (down.length > 0) throw new Error(`Not ready: ${down.join(', ')}`);
    },
  });

  // The gateway forwards bodies untouched, as bytes: webhooks are verified on them, and text
  // that is not UTF-8 must reach the service to be refused there, not be decoded into U+FFFD here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Map preview pages too: each one may cost a call to the company service (who may frame it).
    allowList: (request) => !['/api/', '/auth/', '/webhooks/', '/map-preview/'].some((prefix) => request.url.startsWith(prefix)),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'over_request_rate_limit',
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(accessTokenCheck, {
    jwksUrl: config.AUTH_JWKS_URL ?? new URL('/auth/v1/.well-known/jwks.json', config.AUTH_URL).toString(),
    issuer: config.AUTH_ISSUER ?? new URL('/auth/v1', config.PUBLIC_URL).toString(),
    prefixes: ['/api'],
    publicKey: config.AUTH_PUBLIC_KEY,
  });
  await app.register(proxy, { upstreams, timeoutMs: config.UPSTREAM_TIMEOUT_MS });
  await app.register(frontends, {
    root: config.FRONTEND_ROOT,
    remotesFile: config.REMOTES_FILE,
    extraScriptOrigins: config.REMOTE_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    appConfig: { authUrl: new URL('/auth/v1', config.PUBLIC_URL).toString().replace(/\/auth\/v1$/, ''), publicKey: config.AUTH_PUBLIC_KEY },
    // '/dev/mailbox' too: where it is not routed (production) it is a plain 404, not a page of the app.
    apiPrefixes: upstreams.flatMap((u) => u.prefixes).concat(['/api', '/internal', '/dev/mailbox']),
    frameAncestors: frameAncestorsLookup({
      companyUrl: config.COMPANY_URL,
      serviceToken: config.INTERNAL_SERVICE_TOKEN,
      timeoutMs: 2000,
      cacheMs: config.MAP_EMBED_CACHE_MS,
    }),
  });
  return app;
}
