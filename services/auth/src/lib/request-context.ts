import type { FastifyRequest } from 'fastify';
import { bearerToken } from '@tracemap/service-kit';
import { authError } from './auth-error';
import { clientIp } from './client-ip';
import { safeEqual } from './crypto';
import type { AuthDeps, RequestMeta } from './deps';
import type { Caller } from '../use-cases/update-user';

export function requestMeta(deps: AuthDeps, request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return {
    ip: clientIp(request, deps.config.AUTH_TRUST_PROXY),
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : undefined,
  };
}

/**
 * The signed-in caller of a user endpoint, or GoTrue's errors: 401 without a
 * token (the public key is not a user), 403 `session_not_found` for a token
 * whose session was ended, 403 `bad_jwt` for anything else.
 */
export function requireCaller(deps: AuthDeps, request: FastifyRequest): Caller {
  const token = bearerToken(request.headers.authorization);
  if (!token || safeEqual(token, deps.config.AUTH_PUBLIC_KEY)) {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  if (request.auth) return { userId: request.auth.userId, sessionId: request.auth.sessionId, aal: request.auth.aal };
  if (request.authFailure === 'session_revoked') {
    throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  throw authError(
    403,
    'bad_jwt',
    `invalid JWT: unable to parse or verify signature, ${request.authFailure ?? 'not a user token'}`,
  );
}

/** Admin endpoints: the configured service-role key, or a JWT of ours with `role: service_role`. */
export async function requireServiceRole(deps: AuthDeps, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (safeEqual(token, deps.config.AUTH_SERVICE_ROLE_KEY)) return;
  try {
    if ((await deps.verifyToken(token)).role === 'service_role') return;
  } catch {
    // falls through to the refusal below
  }
  throw authError(403, 'not_admin', 'User not allowed');
}
