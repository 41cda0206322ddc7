import { StripeProvider, type StripeConnection } from './stripe-provider';

/**
 * The sandbox: the very same Stripe SDK client, pointed at the emulator inside this service
 * (`/v1`), so everything billing does on it is what it does on Stripe. Its clock is moved on
 * the sandbox's own admin routes (`/api/subscription/sandbox/clock`).
 */
export class SandboxProvider extends StripeProvider {
  constructor(connection: StripeConnection) {
    super(connection, 'sandbox');
  }
}
