import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import type { GatewayDeps } from './deps';
import accessTokenCheck from './plugins/access-token-check';
import frontends from './plugins/frontends';
import proxy from './plugins/proxy';
import { releasedRemotesLookup } from './released-remotes';
import { urlList } from './upstreams';

type Plugin = FastifyPluginAsync<{ deps: GatewayDeps }>;
const shared = (plugin: Plugin): Plugin => fp(plugin);

// Each is unencapsulated (fastify-plugin): their hooks must see every route of the gateway, not only their own.

const requestRateLimit = shared(async (app, { deps }) => {
  await app.register(rateLimit, {
    max: deps.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Map preview pages too: each one may cost a call to the company service (who may frame it).
    allowList: (request) =>
      !['/api/', '/auth/', '/webhooks/', '/map-preview/'].some((prefix) => request.url.startsWith(prefix)),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'over_request_rate_limit',
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
});

const tokenCheck = shared(async (app, { deps: { config, upstreams } }) => {
  await app.register(accessTokenCheck, {
    jwksUrl: config.AUTH_JWKS_URL ?? new URL('/auth/v1/.well-known/jwks.json', urlList(config.AUTH_URL)[0]).toString(),
    issuer: config.AUTH_ISSUER ?? new URL('/auth/v1', config.PUBLIC_URL).toString(),
    prefixes: ['/api'],
    publicKey: config.AUTH_PUBLIC_KEY,
    ownCredentials: upstreams.flatMap((u) => u.ownCredentials ?? []),
  });
});

const serviceProxy = shared(async (app, { deps }) => {
  await app.register(proxy, { upstreams: deps.upstreams, timeoutMs: deps.config.UPSTREAM_TIMEOUT_MS });
});

const webApps = shared(async (app, { deps: { config, upstreams, frameAncestors } }) => {
  await app.register(frontends, {
    root: config.FRONTEND_ROOT,
    remotesFile: config.REMOTES_FILE,
    extraScriptOrigins: config.REMOTE_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    appConfig: {
      authUrl: new URL('/auth/v1', config.PUBLIC_URL).toString().replace(/\/auth\/v1$/, ''),
      publicKey: config.AUTH_PUBLIC_KEY,
    },
    // '/dev/mailbox' too: where it is not routed (production) it is a plain 404, not a page of the app.
    apiPrefixes: upstreams.flatMap((u) => u.prefixes).concat(['/api', '/internal', '/dev/mailbox']),
    frameAncestors,
    // The registry of releases lives in the account service; a short timeout keeps a slow one off the page.
    releasedRemotes: releasedRemotesLookup({
      // With several account replicas, the first that answers (kept for RELEASES_CACHE_MS).
      accountUrls: urlList(config.ACCOUNT_URL),
      serviceToken: config.INTERNAL_SERVICE_TOKEN,
      timeoutMs: 1000,
      cacheMs: config.RELEASES_CACHE_MS,
    }),
    releasesDir: config.RELEASES_DIR ?? path.join(config.FRONTEND_ROOT, 'releases'),
  });
});

/** In order: the rate limit and the token check run before the proxy and the web apps answer. */
export const routes = [requestRateLimit, tokenCheck, serviceProxy, webApps];
