import { AppError } from '@tracemap/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What leaves the API when billing fails: our own 4xx as they are; a declined card with the
 * provider's message (written for the card holder); anything else, including the provider or
 * a peer service being down, as the route's generic "… Try again later." without internals.
 */
export function toBillingError(error: unknown, failureMessage: string, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError && error.statusCode < 500) return error;
  const provider = error as { type?: string; message?: string; statusCode?: number };
  if (provider?.type === 'StripeCardError')
    return new AppError(402, 'card_declined', provider.message ?? 'The card was declined.');
  log.error({ err: error }, 'billing call failed');
  const unavailable = error instanceof AppError && error.statusCode === 503;
  return new AppError(unavailable ? 503 : 500, unavailable ? 'billing_unavailable' : 'internal_error', failureMessage);
}
