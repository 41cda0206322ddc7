import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { clientAddress, createRateWindow } from '../../lib/rate-window';
import { recordLead } from '../../use-cases/record-lead';
import { idempotencyKey } from '../call-context';
import { IdempotencyHeaders } from '../schemas';

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
  const perAddress = createRateWindow(deps.config.LEAD_RATE_LIMIT_PER_MINUTE);
  app.post<{ Body: Static<typeof Body> }>(
    '/api/account/lead',
    {
      schema: { body: Body, headers: IdempotencyHeaders },
      config: { failureMessage: 'Could not send your details. Try again later.' },
    },
    async (request, reply) => {
      if (!perAddress.take(clientAddress(request.headers['x-forwarded-for'], request.ip))) {
        throw new AppError(429, 'over_request_rate_limit', 'Too many messages from your address. Try again in a minute.');
      }
      const created = await recordLead(deps, request.auth?.userId ?? null, request.body.leadData, idempotencyKey(request));
      return reply.code(201).send(created);
    },
  );
}
