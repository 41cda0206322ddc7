import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * preHandler for `/internal/*` routes: only another service, holding the
 * shared secret, may call them. The gateway never forwards these paths and
 * strips the header from clients, so this is defence in depth.
 */
export function requireServiceToken(secret: string) {
  return async (request: FastifyRequest) => {
    if (!sameSecret(request.headers['x-service-token'], secret)) {
      throw new AppError(401, 'unauthorized', 'This route is for Tracemap services only.');
    }
  };
}
