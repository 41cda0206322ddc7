import type { FastifyRequest } from 'fastify';
import type { AdminContext } from './admin-context';
import type { AccountDeps } from '../deps';

/** What each admin route file is registered with. */
export interface AdminRouteOptions {
  deps: AccountDeps;
  /** The acting admin's context; only valid inside a route of the admin area (after the gate). */
  context(request: FastifyRequest): AdminContext;
}

export function forwardedFor(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  return typeof forwarded === 'string' ? forwarded : request.ip;
}
