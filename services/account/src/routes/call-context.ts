import type { FastifyRequest } from 'fastify';
import type { CallContext } from '../clients/auth-api';

export function callContext(request: FastifyRequest): CallContext {
  const forwarded = request.headers['x-forwarded-for'];
  return { requestId: request.id, forwardedFor: typeof forwarded === 'string' ? forwarded : request.ip };
}

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}
