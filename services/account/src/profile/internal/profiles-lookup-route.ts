import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ProfilesLookupBody, ProfilesLookupResponse } from '@tracemap/contracts';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { lookupProfiles } from '../lookup-profiles';

export default async function profilesLookupRoute(parent: FastifyInstance, { deps }: { deps: AccountDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/internal/profiles/lookup',
    {
      schema: { body: ProfilesLookupBody, response: { 200: ProfilesLookupResponse } },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    async (request) => lookupProfiles(deps, request.body.ids, request.id),
  );
}
