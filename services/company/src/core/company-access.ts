import { AppError } from '@tracemap/service-kit';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { CompanyDeps } from './deps';
import { hasAccess, type Access, type Role } from './roles';
import { MESSAGES } from './messages';
import { setTenantCompany, tenantRead, tenantTransaction } from './tenant';
import { findMembership, MEMBERSHIP_BY_COMPANY_AND_USER } from './membership-repository';
import { findInvitation } from './invitation-repository';

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
  locate: { from: 'body' | 'query' | 'params'; field: 'companyId' | 'invitationId' } | CompanyLookup;
}

/**
 * For routes that name something of a company but not the company (a map
 * preview names only its map, in `from`'s `field`): `resolve` finds the
 * company as the caller, null when there is none for them, and `notFound` is
 * then the answer.
 */
export interface CompanyLookup {
  from: 'body' | 'query' | 'params';
  field: string;
  resolve: (id: string, userId: string) => Promise<string | null>;
  notFound: AppError;
}

const SOURCES = {
  body: (request: FastifyRequest) => request.body,
  query: (request: FastifyRequest) => request.query,
  params: (request: FastifyRequest) => request.params,
} as const;

function pick(request: FastifyRequest, from: keyof typeof SOURCES, field: string): string {
  const source = SOURCES[from](request) as Record<string, unknown> | undefined;
  return String(source?.[field] ?? '');
}

/** The caller's role in a company: cached while removals and role changes are heard, else one database round trip. */
export function currentRole(deps: CompanyDeps, companyId: string, userId: string): Promise<Role | null> {
  return deps.memberships.role(companyId, userId, async () => {
    const rows = await tenantRead<{ role: Role }>(deps.db, { companyId, userId }, MEMBERSHIP_BY_COMPANY_AND_USER, [
      companyId,
      userId,
    ]);
    return rows[0]?.role ?? null;
  });
}

/**
 * The one authorization gate of every company-scoped route. Membership and
 * role are the database's current ones: they are read from it, or from a
 * cache that every removal and role change empties in the same moment it
 * commits (and that is bypassed while those announcements cannot be heard),
 * so a removed member or a lowered role counts from the next request on,
 * whatever the token says.
 * Non-members get 404, exactly as for an id that does not exist, so ids
 * cannot be probed; members whose role is too low get 403.
 */
export function companyAccess(deps: CompanyDeps, options: CompanyAccessOptions): preHandlerAsyncHookHandler {
  const { locate } = options;
  const byCompany = 'resolve' in locate || locate.field === 'companyId';
  const notFound =
    'resolve' in locate
      ? locate.notFound
      : locate.field === 'companyId'
        ? new AppError(404, 'company_not_found', MESSAGES.companyNotFound)
        : new AppError(404, 'invitation_not_found', MESSAGES.invitationNotFound);

  return async function authorizeCompany(request: FastifyRequest, reply: FastifyReply) {
    await request.server.requireUser(request, reply);
    const userId = request.auth!.userId;
    const id =
      'resolve' in locate
        ? await locate.resolve(pick(request, locate.from, locate.field), userId)
        : pick(request, locate.from, locate.field);
    if (id === null) throw notFound;

    if (byCompany) {
      const role = await currentRole(deps, id, userId);
      if (!role) throw notFound;
      if (!hasAccess(role, options.access)) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
      // Changing the plan (edit-level routes) needs a running subscription; reading, members,
      // settings and billing never do. 402 otherwise (see billing/subscription-gate).
      if (options.access === 'edit') await deps.subscriptions.requireActive(id, request.id);
      request.company = { companyId: id, userId, role };
      return;
    }

    // Through an invitation: its company is learnt inside the transaction (rare routes, not cached).
    const context = await tenantTransaction(deps.db, { invitationId: id, userId }, async (client) => {
      const invitation = await findInvitation(client, id);
      if (!invitation) return null;
      const companyId = invitation.companyId;
      await setTenantCompany(client, companyId);
      const membership = await findMembership(client, companyId, userId);
      return membership ? { companyId, userId, role: membership.role } : null;
    });
    if (!context) throw notFound;
    if (!hasAccess(context.role, options.access)) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
    request.company = context;
  };
}
