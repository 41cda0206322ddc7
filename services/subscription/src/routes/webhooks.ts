import { WebhookReceiptResponse } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { handleWebhook } from '../use-cases/handle-webhook';

/**
 * `POST /webhooks/stripe`: the provider's events. The signature covers the exact bytes sent,
 * so this route (and only this one: the plugin is encapsulated) takes its body as a raw
 * Buffer whatever the content type. A bad or stale signature is 400 and changes nothing; a
 * failure while applying is 500, which makes the provider deliver the event again.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe',
    {
      schema: { response: { 200: WebhookReceiptResponse } },
      config: { failureMessage: 'The event could not be processed. It will be retried.' },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
        throw new AppError(400, 'invalid_signature', 'A signed event body is required.');
      }
      let event: Stripe.Event;
      try {
        event = app.subscriptionService.deps.provider.verifyEvent(raw, signature);
      } catch {
        throw new AppError(400, 'invalid_signature', 'The event signature is not valid or too old.');
      }
      const outcome = await handleWebhook(app.subscriptionService.deps, event, request.id);
      return { received: true, outcome };
    },
  );
}
