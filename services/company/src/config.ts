import { Type, type Static } from '@sinclair/typebox';
import {
  IdentityProviderConfigSchema,
  MailConfigSchema,
  configLoader,
  peersConfigSchema,
  serviceConfigSchema,
} from '@tracemap/service-kit';

const Url = (fallback?: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', ...(fallback === undefined ? {} : { default: fallback }) });

export const CompanyConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    MailConfigSchema,
    peersConfigSchema(2000),
    Type.Object({
      ACCOUNT_URL: Url('http://127.0.0.1:4002'),
      SUBSCRIPTION_URL: Url('http://127.0.0.1:4004'),
      /** The integrations service: plan changes are relayed there for Slack. Unset: none are relayed. */
      INTEGRATIONS_URL: Type.Optional(Url()),
      /** Needed only to create accounts for invitees (claim); without it claiming answers 503. */
      AUTH_SERVICE_ROLE_KEY: Type.Optional(Type.String({ minLength: 1 })),
      AUTH_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1 })),
      INVITATION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 30, default: 7 * 24 }),
      INVITATION_RESEND_INTERVAL_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
      /** Invitations one company may create per 10 minutes; past it inviting answers 429 with Retry-After. */
      INVITATION_LIMIT_PER_COMPANY: Type.Integer({ minimum: 1, maximum: 10000, default: 20 }),
      COMPANY_INFO_CACHE_MS: Type.Integer({ minimum: 0, default: 2000 }),
      /** How long a caller's role may be kept at most while removals and role changes are heard; 0: read it every time. */
      COMPANY_MEMBERSHIP_CACHE_MS: Type.Integer({ minimum: 0, default: 60000 }),
      /**
       * How long plan reads (list pages, effective schemas) may be kept at most while this replica hears
       * the database announce plan changes; every change drops the company's at once. 0: read every time.
       */
      PLAN_READ_CACHE_MS: Type.Integer({ minimum: 0, default: 300000 }),
      /**
       * How many rows (list items, schema properties, lint findings) kept plan reads may hold in all,
       * across companies; the least recently used go first.
       */
      PLAN_READ_CACHE_ITEMS: Type.Integer({ minimum: 1, default: 20000 }),
      /**
       * Plan edits need a running subscription (402 otherwise), and new companies get their
       * trial started by billing. Off by default so a company service without billing works;
       * `npm start` turns it on.
       */
      BILLING_ENFORCED: Type.Boolean({ default: false }),
      /** How long a company's subscription status is kept between changes reported by billing. */
      SUBSCRIPTION_STATUS_CACHE_MS: Type.Integer({ minimum: 0, default: 30000 }),
      /** How often queued trial requests are looked for (besides right after a company is created). */
      TRIAL_WORKER_POLL_MS: Type.Integer({ minimum: 50, default: 5000 }),
    }),
  ]),
);
export type CompanyConfig = Static<typeof CompanyConfigSchema>;

export const loadConfig = configLoader(CompanyConfigSchema);
