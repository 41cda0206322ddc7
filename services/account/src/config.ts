import { Type, type Static } from '@sinclair/typebox';
import {
  IdentityProviderConfigSchema,
  MailConfigSchema,
  configLoader,
  peersConfigSchema,
  serviceConfigSchema,
} from '@tracemap/service-kit';

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' });

export const AccountConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    MailConfigSchema,
    peersConfigSchema(3000),
    Type.Object({
      /** Base URL of the company service, for the user's company permissions. */
      COMPANY_URL: HttpUrl,
      /** Public ("anon") key sent as `apikey` on calls to the auth API. */
      AUTH_PUBLIC_KEY: Type.String({ minLength: 1 }),
      /** Comma-separated emails that are product admins (anamap_admin) at sync. */
      ADMIN_EMAILS: Type.String({ default: '' }),
      SYNC_CACHE_MS: Type.Integer({ minimum: 0, default: 2000 }),
      /** After SYNC_CACHE_MS, how long an answer may still be served while it is refreshed in the background. */
      SYNC_STALE_MS: Type.Integer({ minimum: 0, default: 1000 }),
      /** Base URL of the subscription service, for the admin area; without it those parts read as unavailable. */
      SUBSCRIPTION_URL: Type.Optional(HttpUrl),
      /** Where bug reports and feedback are emailed. */
      SUPPORT_EMAIL: Type.String({ pattern: '^[^\\s@<>]+@[^\\s@<>]+$', default: 'support@tracemap.local' }),
      /** Where demo requests and contact messages from the website are sent. */
      LEAD_EMAIL: Type.String({ pattern: '^[^\\s@<>]+@[^\\s@<>]+$', default: 'team@tracemap.local' }),
      /** Lead forms accepted per client address per minute (bots get 429 beyond it). */
      LEAD_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 5 }),
      /** Feedback messages and bug reports accepted per client address per minute, each. */
      SUPPORT_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
      /** Analytics batches accepted per client address per minute. */
      ANALYTICS_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 120 }),
    }),
  ]),
);
export type AccountConfig = Static<typeof AccountConfigSchema>;

export const loadConfig = configLoader(AccountConfigSchema);

export function adminEmails(config: AccountConfig): Set<string> {
  return new Set(
    config.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}
