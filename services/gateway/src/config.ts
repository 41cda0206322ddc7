import { Type, type Static } from '@sinclair/typebox';
import { StatelessConfigSchema, configLoader } from '@tracemap/service-kit';
import path from 'node:path';

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' });

/**
 * A service's address, or several (its replicas) separated by commas: the gateway takes turns
 * among them and passes over one that refuses connections. Behind a Kubernetes Service (which
 * balances by itself) this stays a single address.
 */
const ServiceUrls = (options: { default?: string } = {}) =>
  Type.String({ pattern: '^https?://[^\\s,]+(\\s*,\\s*https?://[^\\s,]+)*$', ...options });

/** Addresses, CIDR ranges or the names loopback, linklocal, uniquelocal; comma-separated. */
const ProxyList = Type.String({
  pattern:
    '^$|^\\s*([0-9A-Fa-f.:/]+|loopback|linklocal|uniquelocal)(\\s*,\\s*([0-9A-Fa-f.:/]+|loopback|linklocal|uniquelocal))*\\s*$',
  default: '',
});

export const GatewayConfigSchema = Type.Composite([
  StatelessConfigSchema,
  Type.Object({
    PUBLIC_URL: HttpUrl,
    /** Each service's address or its replicas' addresses (see ServiceUrls); the first is asked for signing keys. */
    AUTH_URL: ServiceUrls(),
    ACCOUNT_URL: ServiceUrls(),
    COMPANY_URL: ServiceUrls(),
    SUBSCRIPTION_URL: ServiceUrls(),
    /** The insights service (discovery); `npm start` sets it. */
    INSIGHTS_URL: ServiceUrls({ default: 'http://127.0.0.1:4005' }),
    /** The integrations service (Slack); `npm start` sets it. */
    INTEGRATIONS_URL: ServiceUrls({ default: 'http://127.0.0.1:4006' }),
    /**
     * Proxies in front of the gateway (an Ingress controller, a load balancer) whose
     * X-Forwarded-For is believed: the client address (rate limits, logs, what services are told)
     * is then the one they report. Empty (the default): the connection's own address, and a
     * client's X-Forwarded-For is ignored.
     */
    TRUSTED_PROXIES: ProxyList,
    /** Where the identity provider's JWKS lives; the gateway rejects forged tokens early. */
    AUTH_JWKS_URL: Type.Optional(HttpUrl),
    /** Expected token issuer; `${PUBLIC_URL}/auth/v1` by default. */
    AUTH_ISSUER: Type.Optional(HttpUrl),
    /** Public (anon) key the browser sends as `apikey`; published in /app-config.json. */
    AUTH_PUBLIC_KEY: Type.String({ minLength: 1 }),
    /** Folder holding the shell and remote apps with their dist builds; the repository root by default. */
    FRONTEND_ROOT: Type.String({ default: path.resolve(__dirname, '../../..') }),
    /** JSON file with remote entries, re-read on every request so remotes move without a restart. */
    REMOTES_FILE: Type.Optional(Type.String({ minLength: 1 })),
    /** Folder of released remote builds, served under /releases/ (a CDN's stand-in); FRONTEND_ROOT/releases by default. */
    RELEASES_DIR: Type.Optional(Type.String({ minLength: 1 })),
    /** How long the current releases read from the account service are kept before asking again. */
    RELEASES_CACHE_MS: Type.Integer({ minimum: 0, default: 2000 }),
    /** Extra origins allowed to serve scripts (remotes on other hosts). Comma-separated. */
    REMOTE_ORIGINS: Type.String({ default: '' }),
    /** Requests per minute per client IP across the API. */
    RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
    UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30000 }),
    /** Shared secret for the company service's internal routes (who may frame a map preview); without it nobody may. */
    INTERNAL_SERVICE_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
    /** How long the origins allowed to frame a map preview are kept before asking the company service again. */
    MAP_EMBED_CACHE_MS: Type.Integer({ minimum: 0, default: 10000 }),
    /** Development mailbox (local default only); never routed in production. */
    DEV_MAILBOX_URL: Type.Optional(HttpUrl),
  }),
]);
export type GatewayConfig = Static<typeof GatewayConfigSchema>;

export const loadConfig = configLoader(GatewayConfigSchema);
