import type { FastifyRequest } from 'fastify';
import type { CallContext } from '../clients/auth-api';

export function callContext(request: FastifyRequest): CallContext {
  const forwarded = request.headers['x-forwarded-for'];
  return { requestId: request.id, forwardedFor: typeof forwarded === 'string' ? forwarded : request.ip };
}

export { idempotencyKeyOf as idempotencyKey } from '@tracemap/service-kit';
