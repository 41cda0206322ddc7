import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@tracemap/service-kit';

/** preHandler for /internal/*: only callers holding the shared service token get through. */
export function serviceTokenGuard(expected: string) {
  const want = Buffer.from(expected);
  return async (request: FastifyRequest) => {
    const given = request.headers['x-service-token'];
    const got = Buffer.from(typeof given === 'string' ? given : '');
    if (got.length !== want.length || !timingSafeEqual(got, want)) {
      throw new AppError(401, 'invalid_service_token', 'A valid service token is required.');
    }
  };
}
