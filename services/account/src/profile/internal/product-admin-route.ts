import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { findProfile } from '../profile-repository';
import { Uuid } from '../../routes/schemas';

const Params = Type.Object({ userId: Uuid });
const Reply = Type.Object({ anamapAdmin: Type.Boolean() });

/**
 * Other services (billing's sandbox tools) ask whether someone is a product
 * admin. Read from the table on every call, so a revoked admin is refused at once.
 * Internal: the gateway does not forward /internal, and the service token is required.
 */
export default async function productAdminRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.get<{ Params: Static<typeof Params> }>(
    '/internal/users/:userId/product-admin',
    { schema: { params: Params, response: { 200: Reply } }, onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN) },
    async (request) => {
      const profile = await findProfile(deps.pool, request.params.userId);
      return { anamapAdmin: profile?.anamapAdmin ?? false };
    },
  );
}
