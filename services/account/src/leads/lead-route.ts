import type { Static } from '@sinclair/typebox';
import { CreatedResponse, IdempotencyHeaders, LeadBody } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../deps';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../lib/rate-window';
import { recordLead } from './record-lead';
import { idempotencyKey } from '../lib/call-context';

export default async function leadRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof LeadBody> }>(
    '/api/account/lead',
    {
      schema: { body: LeadBody, headers: IdempotencyHeaders, response: { 201: CreatedResponse } },
      config: { failureMessage: 'Could not send your details. Try again later.' },
      preHandler: limitPerAddress(deps.config.LEAD_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await recordLead(
        deps,
        request.auth?.userId ?? null,
        request.body.leadData,
        idempotencyKey(request),
      );
      return reply.code(201).send(created);
    },
  );
}
