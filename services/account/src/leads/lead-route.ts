import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../lib/rate-window';
import { recordLead } from './record-lead';
import { idempotencyKey } from '../routes/call-context';
import { IdempotencyHeaders } from '../routes/schemas';

// Lead forms differ per page: keys are free but bounded in number and size; values are
// form text (the kit's type coercion turns 12 into "12").
const LeadValue = Type.String({ maxLength: 2000 });
const Body = Type.Object(
  {
    leadData: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), LeadValue, {
      minProperties: 1,
      maxProperties: 40,
      additionalProperties: false,
    }),
  },
  { additionalProperties: false },
);

export default async function leadRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/lead',
    {
      schema: { body: Body, headers: IdempotencyHeaders },
      config: { failureMessage: 'Could not send your details. Try again later.' },
      preHandler: limitPerAddress(deps.config.LEAD_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await recordLead(deps, request.auth?.userId ?? null, request.body.leadData, idempotencyKey(request));
      return reply.code(201).send(created);
    },
  );
}
