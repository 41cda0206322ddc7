import { Type, type Static } from '@sinclair/typebox';
import {
  ConfigError,
  configLoader,
  HttpUrl,
  IdentityProviderConfigSchema,
  peersConfigSchema,
  SecretBox,
  serviceConfigSchema,
} from '@tracemap/service-kit';

export const InsightsConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    peersConfigSchema(2000),
    Type.Object({
      COMPANY_URL: HttpUrl('http://127.0.0.1:4003'),
      SUBSCRIPTION_URL: HttpUrl('http://127.0.0.1:4004'),
      /** The integrations service: new findings are relayed there for Slack. Unset: none are relayed. */
      INTEGRATIONS_URL: Type.Optional(HttpUrl()),
      /**
       * Encrypts the credentials of GA4 and Amplitude sources at rest (AES-256-GCM): 32 bytes,
       * base64 or hex. Required in production; `npm start` generates a local one.
       */
      INSIGHTS_SECRET_KEY: Type.Optional(Type.String({ minLength: 32 })),
      /** How long a caller's role may be kept at most while the company service's membership announcements are heard; 0: ask every time. */
      COMPANY_MEMBERSHIP_CACHE_MS: Type.Integer({ minimum: 0, default: 60000 }),
      /**
       * How long a company's plan snapshot may be kept at most while the company service's plan
       * announcements are heard (every change drops it at once); 0: ask every time (an unchanged
       * plan then costs a 304).
       */
      PLAN_SNAPSHOT_CACHE_MS: Type.Integer({ minimum: 0, default: 600000 }),
      /**
       * How long a page of findings or of plan against reality may be kept at most while the
       * database's change announcements are heard (every change drops it at once); 0: read every time.
       */
      DISCOVERY_PAGE_CACHE_MS: Type.Integer({ minimum: 0, default: 600000 }),
      /** How many companies' plan snapshots are kept at most; the least recently used go first. */
      PLAN_SNAPSHOT_CACHE_COMPANIES: Type.Integer({ minimum: 1, default: 200 }),
      /** Writes (sources, uploads, pulls, the collector) need a running subscription (402 otherwise); `npm start` turns it on. */
      BILLING_ENFORCED: Type.Boolean({ default: false }),
      /** How long a company's subscription status is kept. */
      SUBSCRIPTION_STATUS_CACHE_MS: Type.Integer({ minimum: 0, default: 30000 }),
      /** The GA4 Data API's address (GA4 sources are pulled there; `npm start` points it at a local stand-in). */
      GA4_DATA_API_URL: HttpUrl('https://analyticsdata.googleapis.com'),
      /** Google's OAuth token endpoint, where a GA4 source's service account key gets its access token. */
      GA4_TOKEN_URL: HttpUrl('https://oauth2.googleapis.com/token'),
      /** Amplitude's API for projects in its US region (the Export API is read there). */
      AMPLITUDE_API_URL: HttpUrl('https://amplitude.com'),
      /** Amplitude's API for projects in its EU region. */
      AMPLITUDE_EU_API_URL: HttpUrl('https://analytics.eu.amplitude.com'),
      /** Each connected GA4 and Amplitude source is pulled this often (the window since its last successful pull); 0: only on demand. */
      PULL_INTERVAL_MS: Type.Integer({ minimum: 0, default: 21600000 }),
      /** How far back a source's first pull reads. */
      PULL_FIRST_DAYS: Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
      /** Requests to a vendor are sent at most this many times when it answers 429 or 5xx (Retry-After honoured). */
      PULL_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 10, default: 4 }),
      /** The assistant's language model provider; unset: every answer comes from the offline answerer. */
      ASSISTANT_MODEL_PROVIDER: Type.Optional(
        Type.Union([Type.Literal('anthropic'), Type.Literal('openai'), Type.Literal('openai-compatible')]),
      ),
      /** The provider's model id (required with a provider). */
      ASSISTANT_MODEL: Type.Optional(Type.String({ minLength: 1 })),
      /** The provider's API key (the provider's own environment variable is read when unset). */
      ASSISTANT_MODEL_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
      /** The provider's address: required for an OpenAI-compatible endpoint, a proxy otherwise. */
      ASSISTANT_MODEL_BASE_URL: Type.Optional(HttpUrl()),
      /** How long one model answer may take in all (tool rounds and the repair round included) before the offline answerer answers instead. */
      ASSISTANT_MODEL_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 60000 }),
      /** Model tokens one company may use per UTC day; past them questions are refused until the next day. */
      ASSISTANT_DAILY_TOKENS: Type.Integer({ minimum: 0, default: 200000 }),
    }),
  ]),
);
export type InsightsConfig = Static<typeof InsightsConfigSchema>;

export const loadConfig = configLoader(InsightsConfigSchema, (config) => {
  if (config.NODE_ENV === 'production' && !config.INSIGHTS_SECRET_KEY)
    throw new ConfigError([
      'INSIGHTS_SECRET_KEY: required in production (credentials of sources are encrypted with it)',
    ]);
  if (config.ASSISTANT_MODEL_PROVIDER && !config.ASSISTANT_MODEL)
    throw new ConfigError(['ASSISTANT_MODEL: required when ASSISTANT_MODEL_PROVIDER is set']);
  if (config.ASSISTANT_MODEL_PROVIDER === 'openai-compatible' && !config.ASSISTANT_MODEL_BASE_URL)
    throw new ConfigError(['ASSISTANT_MODEL_BASE_URL: required for an openai-compatible provider']);
  if (config.INSIGHTS_SECRET_KEY) {
    try {
      new SecretBox(config.INSIGHTS_SECRET_KEY, 'INSIGHTS_SECRET_KEY');
    } catch {
      throw new ConfigError(['INSIGHTS_SECRET_KEY: must be 32 bytes, as 64 hex digits or base64']);
    }
  }
});
