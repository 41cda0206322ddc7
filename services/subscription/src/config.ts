import { Type, type Static } from '@sinclair/typebox';
import {
  assertSandboxAllowed,
  assertSandboxSecretsSafe,
  SandboxConfigSchema,
  withSandboxSecrets,
} from '@tracemap/billing-sandbox';
import {
  IdentityProviderConfigSchema,
  MailConfigSchema,
  loadConfig as readEnv,
  peersConfigSchema,
  serviceConfigSchema,
  type ConfigLoader,
} from '@tracemap/service-kit';

const Url = (fallback?: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', ...(fallback === undefined ? {} : { default: fallback }) });

export const SubscriptionConfigSchema = serviceConfigSchema(
  Type.Composite([
    IdentityProviderConfigSchema,
    MailConfigSchema,
    peersConfigSchema(),
    Type.Object({
      COMPANY_URL: Url('http://127.0.0.1:4003'),
      /** A real Stripe account; without it the built-in sandbox answers (refused in production). */
      STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
      /** Signing secret of the webhook endpoint (`whsec_…`); required in production. The sandbox has its own, SANDBOX_WEBHOOK_SECRET. */
      STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
      /**
       * Where the Stripe SDK sends its requests instead of api.stripe.com (`http://host:port`):
       * a sandbox running elsewhere, or a test's local server. Without a key and without this,
       * the sandbox inside this service answers.
       */
      STRIPE_API_BASE: Type.Optional(Url()),
      /** JSON list of plans replacing the built-in catalogue (e.g. to map to real Stripe price ids). */
      BILLING_PLANS: Type.Optional(Type.String({ minLength: 2 })),
      TRIAL_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 14 }),
      /** How often every company's subscription is re-read from the provider; 0 turns it off. */
      RECONCILE_INTERVAL_MS: Type.Integer({ minimum: 0, default: 60 * 60 * 1000 }),
    }),
    // The sandbox's own settings (keys, webhook delivery, and ACCOUNT_URL, which billing uses too).
    SandboxConfigSchema,
  ]),
);
export type SubscriptionConfig = Static<typeof SubscriptionConfigSchema>;

export const loadConfig: ConfigLoader<SubscriptionConfig> = Object.assign(
  (env: Record<string, string | undefined> = process.env) => {
    const config = readEnv(SubscriptionConfigSchema, withSandboxSecrets(env));
    assertSandboxAllowed(config);
    assertSandboxSecretsSafe(config);
    return config;
  },
  { schema: SubscriptionConfigSchema },
);
