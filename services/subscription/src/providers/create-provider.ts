import type { FastifyInstance } from 'fastify';
import { ConfigError } from '@tracemap/service-kit';
import type { SubscriptionConfig } from '../config';
import { assertSandboxAllowed, sandboxStripeConnection } from '@tracemap/billing-sandbox';
import type { BillingProvider } from './billing-provider';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

/**
 * Stripe when a secret key is configured; otherwise the sandbox, which speaks Stripe's wire
 * format inside this service (`/v1/*`), reached through the same SDK (pass the listening app
 * when the port was chosen at listen time). The sandbox is refused when NODE_ENV=production.
 */
export function createProvider(config: SubscriptionConfig, listening?: FastifyInstance): BillingProvider {
  assertSandboxAllowed(config);
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET)
      throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY']);
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  const sandbox = sandboxStripeConnection(config, listening);
  // A sandbox elsewhere, or a test's own wire-format server, signs with its own secret; the one
  // inside this service always signs with SANDBOX_WEBHOOK_SECRET, whatever else is set.
  const elsewhere = config.STRIPE_API_BASE;
  return new SandboxProvider({
    secretKey: sandbox.apiKey,
    webhookSecret: elsewhere ? (config.STRIPE_WEBHOOK_SECRET ?? sandbox.webhookSecret) : sandbox.webhookSecret,
    apiBase: elsewhere ?? `${sandbox.protocol}://${sandbox.host}:${sandbox.port}`,
  });
}
