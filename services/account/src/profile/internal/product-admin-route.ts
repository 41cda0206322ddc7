import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProductAdminResponse, ProfileUserParams } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { findProfile } from '../profile-repository';

/**
 * Other services (billing's sandbox tools) ask whether someone is a product
 * admin. Read from the table on every call, so a revoked admin is refused at once.
 * Internal: the gateway does not forward /internal, and the service token is required.
 */
export default async function productAdminRoute(parent: FastifyInstance, { deps }: { deps: AccountDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/internal/users/:userId/product-admin',
    {
      schema: { params: ProfileUserParams, response: { 200: ProductAdminResponse } },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request) => {
      const profile = await findProfile(deps.pool, request.params.userId);
      return { anamapAdmin: profile?.anamapAdmin ?? false };
    },
  );
}
