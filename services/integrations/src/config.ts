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

export const IntegrationsConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    peersConfigSchema(2000),
    Type.Object({
      COMPANY_URL: HttpUrl('http://127.0.0.1:4003'),
      /**
       * Encrypts Slack tokens and webhook addresses at rest (AES-256-GCM): 32 bytes, base64 or
       * hex. Required in production; `npm start` generates a local one.
       */
      INTEGRATIONS_SECRET_KEY: Type.Optional(Type.String({ minLength: 32 })),
      /** The Slack app's OAuth client id and secret; without them, installs cannot start. */
      SLACK_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
      SLACK_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
      /** Verifies the signature of Slack's event posts. */
      SLACK_SIGNING_SECRET: Type.Optional(Type.String({ minLength: 1 })),
      /** Slack's Web API (`npm start` without Slack credentials points it at the local Slack). */
      SLACK_API_URL: HttpUrl('https://slack.com/api/'),
      /** Slack's OAuth consent page. */
      SLACK_AUTHORIZE_URL: HttpUrl('https://slack.com/oauth/v2/authorize'),
      /** True when the two addresses above are the local Slack stand-in; the Slack page says so. */
      SLACK_LOCAL: Type.Boolean({ default: false }),
      /** How long an install's state is accepted. */
      SLACK_INSTALL_STATE_TTL_MS: Type.Integer({ minimum: 1000, default: 600000 }),
      /** The least time between two messages to one channel (Slack allows about one per second). */
      SLACK_CHANNEL_INTERVAL_MS: Type.Integer({ minimum: 0, default: 1000 }),
      /** How often the delivery worker looks for due messages when nothing woke it. */
      SLACK_DELIVERY_POLL_MS: Type.Integer({ minimum: 10, default: 1000 }),
      /** A message is tried at most this many times (429 and 5xx); then it is dropped and logged. */
      SLACK_DELIVERY_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
      /** First backoff after a 5xx or a network error, doubled per attempt (capped at 5 minutes). */
      SLACK_DELIVERY_BACKOFF_MS: Type.Integer({ minimum: 1, default: 2000 }),
      /** How long a claimed message is held; a process that dies holding it gives it up after this. */
      SLACK_DELIVERY_LEASE_MS: Type.Integer({ minimum: 1000, default: 30000 }),
      /** Runs the delivery worker in this process. */
      SLACK_DELIVERY_WORKER: Type.Boolean({ default: true }),
      /** Segment's Public API (`npm start` without real destinations points the four at the local stand-in). */
      DESTINATION_SEGMENT_URL: HttpUrl('https://api.segmentapis.com'),
      /** Amplitude's API host (its Taxonomy API lives under it). */
      DESTINATION_AMPLITUDE_URL: HttpUrl('https://amplitude.com'),
      /** mParticle's Platform API, and where its API clients get their tokens. */
      DESTINATION_MPARTICLE_URL: HttpUrl('https://api.mparticle.com'),
      DESTINATION_MPARTICLE_TOKEN_URL: HttpUrl('https://sso.auth.mparticle.com/oauth/token'),
      /** RudderStack's API (its Data Catalog lives under it). */
      DESTINATION_RUDDERSTACK_URL: HttpUrl('https://api.rudderstack.com'),
      /** True when the addresses above are the local stand-in; the Destinations page says so. */
      DESTINATIONS_LOCAL: Type.Boolean({ default: false }),
      /** Runs the push worker (and the nightly drift check) in this process. */
      DESTINATION_SYNC_WORKER: Type.Boolean({ default: true }),
      /** How long a claimed push run is held without news; a process that dies holding it gives it up after this. */
      DESTINATION_SYNC_LEASE_MS: Type.Integer({ minimum: 1000, default: 60000 }),
      /** How often the push worker looks for queued runs and leases that ran out when nothing woke it. */
      DESTINATION_SYNC_POLL_MS: Type.Integer({ minimum: 10, default: 2000 }),
      /** How often each destination is compared with the plan (read only); 0 turns the check off. */
      DESTINATION_DRIFT_INTERVAL_MS: Type.Integer({ minimum: 0, default: 86400000 }),
      /** How long a caller's role may be kept at most while the company service's membership announcements are heard; 0: ask every time. */
      COMPANY_MEMBERSHIP_CACHE_MS: Type.Integer({ minimum: 0, default: 60000 }),
    }),
  ]),
);
export type IntegrationsConfig = Static<typeof IntegrationsConfigSchema>;

export const loadConfig = configLoader(IntegrationsConfigSchema, (config) => {
  const problems: string[] = [];
  if (config.NODE_ENV === 'production' && !config.INTEGRATIONS_SECRET_KEY)
    problems.push('INTEGRATIONS_SECRET_KEY: required in production (Slack tokens are encrypted with it)');
  if (config.INTEGRATIONS_SECRET_KEY) {
    try {
      new SecretBox(config.INTEGRATIONS_SECRET_KEY, 'INTEGRATIONS_SECRET_KEY');
    } catch {
      problems.push('INTEGRATIONS_SECRET_KEY: must be 32 bytes, as 64 hex digits or base64');
    }
  }
  if (Boolean(config.SLACK_CLIENT_ID) !== Boolean(config.SLACK_CLIENT_SECRET))
    problems.push('SLACK_CLIENT_ID and SLACK_CLIENT_SECRET: set both or neither');
  if (problems.length > 0) throw new ConfigError(problems);
});
