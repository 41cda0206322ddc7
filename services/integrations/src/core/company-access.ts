import { hasAccess, type CompanyAccess, type CompanyRole } from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { IntegrationsDeps } from '../deps';
import { MESSAGES } from './messages';

export interface CompanyActor {
  companyId: string;
  userId: string;
  role: CompanyRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by companyAccess: the company in the path and the caller's current role there. */
    actor: CompanyActor | null;
  }
}

export interface CompanyAccessOptions {
  /** Members read the status; owners and admins install, disconnect and manage subscriptions. */
  access: CompanyAccess;
}

/**
 * The one authorization gate of every company route of the service, for a company named in
 * the path as `:companyId`. The role is the company service's current one, kept only while
 * its membership announcements are heard (see MemberRoles), so a removed member or a lowered
 * role counts from the next request on, whatever the token says. Non-members get 404, as for
 * a company that does not exist, so ids cannot be probed; members whose role is too low get 403.
 */
export function companyAccess(deps: IntegrationsDeps, options: CompanyAccessOptions): preHandlerAsyncHookHandler {
  const refusal = options.access === 'admin' ? MESSAGES.adminOnly : MESSAGES.forbidden;
  return async function authorizeCompany(request, reply) {
    await request.server.requireUser(request, reply);
    const userId = request.auth!.userId;
    const companyId = companyIdOf(request);
    const role = await deps.roles.role(companyId, userId, request.id);
    if (!role) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
    if (!hasAccess(role, options.access)) throw new AppError(403, 'forbidden', refusal);
    request.actor = { companyId, userId, role };
  };
}

function companyIdOf(request: FastifyRequest): string {
  const params: unknown = request.params;
  if (params && typeof params === 'object' && 'companyId' in params && typeof params.companyId === 'string')
    return params.companyId;
  return '';
}

/** The actor a gated route runs for (companyAccess ran before the handler). */
export function actorOf(request: FastifyRequest): CompanyActor {
  if (!request.actor) throw new Error('companyAccess did not run for this route');
  return request.actor;
}
