import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ConfigError } from '@tracemap/service-kit';

/**
 * The signing secret the sandbox used to ship with. It is public (anyone who reads the code can
 * sign with it), so a service configured with it could be sent forged cancellations and trial
 * reminders: it is refused wherever a webhook secret is read.
 */
export const PUBLISHED_SANDBOX_WEBHOOK_SECRET = 'whsec_tracemap_sandbox';

/**
 * The API key the sandbox used to ship with. Public for the same reason: with it anyone who can
 * reach the service could create customers, subscriptions and clock jumps in the sandbox.
 */
export const PUBLISHED_SANDBOX_SECRET_KEY = 'sk_test_tracemap_sandbox';

/** Settings of the sandbox billing provider (used while no real provider key is configured). */
export const SandboxConfigSchema = Type.Object({
  /**
   * The key the emulator accepts as `Authorization: Bearer …`; local only, never a real provider key.
   * `npm start` generates one per data folder; unset, each process makes its own (see withSandboxSecrets).
   */
  SANDBOX_SECRET_KEY: Type.String({ minLength: 16 }),
  /**
   * Signs the sandbox's webhooks; the webhook handler verifies with it while the sandbox is in use.
   * `npm start` generates one per data folder; unset, each process makes its own (see withSandboxSecrets).
   */
  SANDBOX_WEBHOOK_SECRET: Type.String({ minLength: 16 }),
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
}

/** The sandbox stands in for the provider whenever no real provider key is set. */
export const isSandboxEnabled = (config: Pick<SandboxSettings, 'STRIPE_SECRET_KEY'>) => !config.STRIPE_SECRET_KEY;

/**
 * The environment with a fresh random SANDBOX_WEBHOOK_SECRET and SANDBOX_SECRET_KEY for whichever
 * is not set. The sandbox inside a service is both ends of each (it signs and verifies webhooks,
 * serves and calls its API), so values made per process are enough for a single process; several
 * processes sharing one sandbox must be given the same ones. Neither is ever built in: a value
 * everyone knows would let anyone sign events or call the sandbox.
 */
export function withSandboxSecrets(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return {
    ...env,
    SANDBOX_WEBHOOK_SECRET: env.SANDBOX_WEBHOOK_SECRET || `whsec_${randomBytes(32).toString('base64url')}`,
    SANDBOX_SECRET_KEY: env.SANDBOX_SECRET_KEY || `sk_test_${randomBytes(32).toString('base64url')}`,
  };
}

/**
 * A webhook secret or sandbox API key everyone knows is refused in every mode. In production, where the real
 * provider is required, its webhook secret is required with it, so the start stops instead of
 * answering every event with an error.
 */
export function assertSandboxSecretsSafe(
  config: Pick<SandboxSettings, 'NODE_ENV' | 'SANDBOX_WEBHOOK_SECRET' | 'SANDBOX_SECRET_KEY'> & {
    STRIPE_WEBHOOK_SECRET?: string;
  },
): void {
  const problems: string[] = [];
  if (config.SANDBOX_SECRET_KEY === PUBLISHED_SANDBOX_SECRET_KEY) {
    problems.push(
      "SANDBOX_SECRET_KEY: is the sandbox's former built-in API key, which is public and lets anyone call the sandbox; set a key of your own",
    );
  }
  for (const name of ['SANDBOX_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (config[name] === PUBLISHED_SANDBOX_WEBHOOK_SECRET) {
      problems.push(
        `${name}: is the sandbox's former built-in secret, which is public and lets anyone sign webhooks; set a secret of your own`,
      );
    }
  }
  if (config.NODE_ENV === 'production' && !config.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: is required when NODE_ENV=production (the signing secret of the provider's webhook endpoint)",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Production must talk to the real provider: a configuration that would fall back to the sandbox stops the start. */
export function assertSandboxAllowed(config: Pick<SandboxSettings, 'NODE_ENV' | 'STRIPE_SECRET_KEY'>): void {
  if (config.NODE_ENV === 'production' && isSandboxEnabled(config)) {
    throw new ConfigError([
      'STRIPE_SECRET_KEY: is required when NODE_ENV=production (the sandbox billing provider is for development and tests only and is refused in production)',
    ]);
  }
}
