import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireServiceToken } from '@tracemap/service-kit';
import type { AccountDeps } from '../../deps';
import { lookupProfiles } from '../lookup-profiles';
import { Uuid } from '../../routes/schemas';

const Body = Type.Object({ ids: Type.Array(Uuid, { maxItems: 500 }) }, { additionalProperties: false });

export default async function profilesLookupRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/internal/profiles/lookup',
    { schema: { body: Body }, onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN) },
    async (request) => lookupProfiles(deps, request.body.ids, request.id),
  );
}
