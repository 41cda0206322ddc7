import type { FastifyInstance } from 'fastify';
import { FeedbackBody, CreatedResponse, IdempotencyHeaders, type FeedbackInput } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { sendFeedback } from './send-feedback';
import { idempotencyKey } from '../lib/call-context';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../lib/rate-window';

export default async function feedbackRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: FeedbackInput }>(
    '/api/support/feedback',
    {
      schema: { body: FeedbackBody, headers: IdempotencyHeaders, response: { 201: CreatedResponse } },
      config: { failureMessage: 'Could not send your feedback. Try again later.' },
      preHandler: limitPerAddress(deps.config.SUPPORT_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await sendFeedback(
        deps,
        request.auth?.userId ?? null,
        request.body.text,
        idempotencyKey(request),
      );
      return reply.code(201).send(created);
    },
  );
}
