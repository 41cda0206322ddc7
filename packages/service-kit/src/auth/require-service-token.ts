import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Compares secrets without leaking their length or the position of the first difference. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * Hook for `/internal/*` routes: only another service, holding the shared
 * secret, may call them. The gateway never forwards these paths and strips
 * the header from clients, so this is defence in depth.
 */
export function requireServiceToken(secret: string) {
  return async (request: FastifyRequest) => {
    const given = request.headers['x-service-token'];
    if (secret.length === 0 || typeof given !== 'string' || !safeEqual(given, secret)) {
      throw new AppError(401, 'invalid_service_token', 'A valid service token is required.');
    }
  };
}
