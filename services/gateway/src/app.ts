import { defineService } from '@tracemap/service-kit';
import { loadConfig } from './config';
import type { GatewayDeps } from './deps';
import { frameAncestorsLookup } from './map-frame-ancestors';
import { routes } from './routes';
import { upstreamsFrom, upstreamsReady, urlList } from './upstreams';

/**
 * The only public entry point: it creates the request id, rate-limits,
 * rejects forged tokens, forwards API prefixes to their services and serves
 * the web app with its remotes registry.
 */
export const service = defineService({
  name: 'gateway',
  config: loadConfig,
  migrations: false,
  // Every request gets a fresh id here: a client's own X-Request-Id is not trusted.
  trustIncomingRequestId: false,
  // Its document (`/api/gateway/openapi.json`) holds only what it answers itself (the remotes registry, the
  // web apps' runtime config and build fingerprint); each service's document is reached through the proxy
  // at that service's prefix (`/api/company/openapi.json`, `/auth/v1/openapi.json`…).
  openApi: {
    description:
      'What the gateway answers itself for the web apps; every other API is described by the service that owns it.',
  },
  readiness: (config) => upstreamsReady(upstreamsFrom(config)),
  trustProxy: (config) => {
    const proxies = urlList(config.TRUSTED_PROXIES);
    return proxies.length > 0 ? proxies : undefined;
  },
  configure: async (app) => {
    // The gateway forwards bodies untouched, as bytes: webhooks are verified on them, and text
    // that is not UTF-8 must reach the service to be refused there, not be decoded into U+FFFD here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  },
  deps: (config): GatewayDeps => ({
    config,
    upstreams: upstreamsFrom(config),
    frameAncestors: frameAncestorsLookup({
      // A rare, cached lookup: the first replica answers it.
      companyUrl: urlList(config.COMPANY_URL)[0],
      serviceToken: config.INTERNAL_SERVICE_TOKEN,
      timeoutMs: 2000,
      cacheMs: config.MAP_EMBED_CACHE_MS,
    }),
  }),
  routes,
});
