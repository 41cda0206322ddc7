import { forbidden } from '@tracemap/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountDeps } from '../deps';
import { findProfile } from '../profile/profile-repository';

export interface ProductAdmin {
  userId: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireProductAdmin on every admin route. */
    productAdmin: ProductAdmin | null;
  }
}

export const ADMINS_ONLY = 'Only product administrators can do this.';

/**
 * The one gate of every admin route: a signed-in user (401 otherwise) whose
 * profile has the product-admin flag right now (403 otherwise). The flag is
 * read from the database on each request, never from the token or a cache,
 * so revoking it takes effect on the next request.
 */
export function requireProductAdmin(
  app: { requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> },
  deps: AccountDeps,
) {
  return async function productAdminGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await app.requireUser(request, reply);
    const profile = await findProfile(deps.pool, request.auth!.userId);
    if (!profile?.anamapAdmin) throw forbidden(ADMINS_ONLY, 'not_product_admin');
    request.productAdmin = { userId: profile.userId, email: profile.email };
  };
}
