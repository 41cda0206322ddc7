import type { SubscriptionConfig } from '../config';
import { assertSandboxAllowed } from '../sandbox/config';
import type { BillingProvider } from './billing-provider';
import { StripeProvider } from './stripe-provider';

/**
 * Stripe when a secret key is configured; otherwise the sandbox, which speaks Stripe's wire
 * format inside this service (`/v1/*`), reached through the same SDK. The sandbox is refused
 * when NODE_ENV=production.
 */
export function createProvider(config: SubscriptionConfig, boundPort?: number): BillingProvider {
  assertSandboxAllowed(config);
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
    return new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiBase: config.STRIPE_API_BASE });
  }
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return new StripeProvider(
    {
      secretKey: config.SANDBOX_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? config.SANDBOX_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE ?? `http://${host}:${boundPort ?? config.PORT}`,
    },
    'sandbox',
  );
}
