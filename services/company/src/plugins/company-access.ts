import { AppError } from '@tracemap/service-kit';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyDeps } from '../deps';
import { hasAccess, type Access, type Role } from '../lib/roles';
import { MESSAGES } from '../lib/messages';
import { setTenantCompany, tenantTransaction } from '../lib/tenant';
import { findMembership } from '../repositories/membership-repository';
import { findInvitation } from '../repositories/invitation-repository';

export interface CompanyAccessContext {
  companyId: string;
  userId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by companyAccess: the company the request acts on and the caller's current role there. */
    company: CompanyAccessContext | null;
  }
}

export interface CompanyAccessOptions {
  access: Access;
  /**
   * Where the request names its company: directly (in the body, the query or
   * the path, as in `/api/company/{companyId}/events`), or through one of its
   * invitations.
   */
  locate: { from: 'body' | 'query' | 'params'; field: 'companyId' | 'invitationId' };
}

const SOURCES = {
  body: (request: FastifyRequest) => request.body,
  query: (request: FastifyRequest) => request.query,
  params: (request: FastifyRequest) => request.params,
} as const;

function pick(request: FastifyRequest, from: CompanyAccessOptions['locate']['from'], field: string): string {
  const source = SOURCES[from](request) as Record<string, unknown> | undefined;
  return String(source?.[field] ?? '');
}

/**
 * The one authorization gate of every company-scoped route. Membership and
 * role are read from the database on every request, so a removed member or
 * a lowered role counts from the next request on, whatever the token says.
 * Non-members get 404, exactly as for an id that does not exist, so ids
 * cannot be probed; members whose role is too low get 403.
 */
export function companyAccess(deps: CompanyDeps, options: CompanyAccessOptions): preHandlerAsyncHookHandler {
  const notFound =
    options.locate.field === 'companyId'
      ? new AppError(404, 'company_not_found', MESSAGES.companyNotFound)
      : new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);

  return async function authorizeCompany(request: FastifyRequest, reply: FastifyReply) {
    await request.server.requireUser(request, reply);
    const userId = request.auth!.userId;
    const id = pick(request, options.locate.from, options.locate.field);

    const context = await tenantTransaction(
      deps.db,
      options.locate.field === 'companyId' ? { companyId: id, userId } : { invitationId: id, userId },
      async (client) => {
        let companyId = id;
        if (options.locate.field === 'invitationId') {
          const invitation = await findInvitation(client, id);
          if (!invitation) return null;
          companyId = invitation.companyId;
          await setTenantCompany(client, companyId);
        }
        const membership = await findMembership(client, companyId, userId);
        return membership ? { companyId, userId, role: membership.role } : null;
      },
    );
    if (!context) throw notFound;
    if (!hasAccess(context.role, options.access)) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
    request.company = context;
  };
}
