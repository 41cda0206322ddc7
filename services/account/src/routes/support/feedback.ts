import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../../deps';
import { sendFeedback } from '../../use-cases/send-feedback';
import { idempotencyKey } from '../call-context';
import { IdempotencyHeaders } from '../schemas';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../../lib/rate-window';

const Body = Type.Object({ text: Type.String({ minLength: 1, maxLength: 10000 }) }, { additionalProperties: false });

export default async function feedbackRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/support/feedback',
    {
      schema: { body: Body, headers: IdempotencyHeaders },
      config: { failureMessage: 'Could not send your feedback. Try again later.' },
      preHandler: limitPerAddress(deps.config.SUPPORT_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await sendFeedback(deps, request.auth?.userId ?? null, request.body.text, idempotencyKey(request));
      return reply.code(201).send(created);
    },
  );
}
