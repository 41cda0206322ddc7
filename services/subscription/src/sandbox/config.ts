import { Type } from '@sinclair/typebox';
import { ConfigError } from '@tracemap/service-kit';

/** Settings of the sandbox billing provider (used while no real provider key is configured). */
export const SandboxConfigSchema = Type.Object({
  /** The key the emulator accepts as `Authorization: Bearer …`; local only, never a real secret. */
  SANDBOX_SECRET_KEY: Type.String({ minLength: 8, default: 'sk_test_tracemap_sandbox' }),
  /** Signs the sandbox's webhooks; the webhook handler verifies with it while the sandbox is in use. */
  SANDBOX_WEBHOOK_SECRET: Type.String({ minLength: 8, default: 'whsec_tracemap_sandbox' }),
  /** Where webhooks go; the service's own /webhooks/stripe by default. */
  SANDBOX_WEBHOOK_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** First webhook retry delay; doubles per attempt up to an hour. */
  SANDBOX_WEBHOOK_RETRY_BASE_MS: Type.Integer({ minimum: 10, default: 5000 }),
  /** Run the webhook delivery worker in this process. */
  SANDBOX_WEBHOOK_WORKER: Type.Boolean({ default: true }),
  /** Where the product-admin check asks (the account service). */
  ACCOUNT_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'http://127.0.0.1:4002' }),
});

export interface SandboxSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  HOST: string;
  PUBLIC_URL: string;
  INTERNAL_SERVICE_TOKEN: string;
  SANDBOX_SECRET_KEY: string;
  SANDBOX_WEBHOOK_SECRET: string;
  SANDBOX_WEBHOOK_URL?: string;
  SANDBOX_WEBHOOK_RETRY_BASE_MS: number;
  SANDBOX_WEBHOOK_WORKER: boolean;
  ACCOUNT_URL: string;
  STRIPE_SECRET_KEY?: string;
  /** The plan catalogue as JSON, when it replaces the built-in one. */
  BILLING_PLANS?: string;
}

/** The sandbox stands in for the provider whenever no real provider key is set. */
export const isSandboxEnabled = (config: Pick<SandboxSettings, 'STRIPE_SECRET_KEY'>) => !config.STRIPE_SECRET_KEY;

/** Production must talk to the real provider: a configuration that would fall back to the sandbox stops the start. */
export function assertSandboxAllowed(config: Pick<SandboxSettings, 'NODE_ENV' | 'STRIPE_SECRET_KEY'>): void {
  if (config.NODE_ENV === 'production' && isSandboxEnabled(config)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY: is required when NODE_ENV=production (the sandbox billing provider is for development and tests only and is refused in production)',
    ]);
  }
}
