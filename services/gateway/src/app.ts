import { defineService } from '@tracemap/service-kit';
import { loadConfig } from './config';
import type { GatewayDeps } from './deps';
import { frameAncestorsLookup } from './map-frame-ancestors';
import { routes } from './routes';
import { upstreamsFrom, upstreamsReady } from './upstreams';

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
  // No API of its own: each service's document reaches clients through the proxy (`/api/account/openapi.json`, `/auth/v1/openapi.json`…).
  openApi: false,
  readiness: (config) => upstreamsReady(upstreamsFrom(config)),
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
      companyUrl: config.COMPANY_URL,
      serviceToken: config.INTERNAL_SERVICE_TOKEN,
      timeoutMs: 2000,
      cacheMs: config.MAP_EMBED_CACHE_MS,
    }),
  }),
  routes,
});
