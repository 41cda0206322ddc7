import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreatedSourceResponse,
  CreateSourceBody,
  DiscoveryCompanyParams,
  RotatedKeyResponse,
  SourceListResponse,
  SourcePathParams,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import { FAILURE } from '../core/messages';
import type { InsightsDeps } from '../deps';
import { createSource } from './create-source';
import { deleteSource } from './delete-source';
import { listSources } from './list-sources';
import { rotateIngestKey } from './rotate-ingest-key';

const tags = ['sources'];
const config = { failureMessage: FAILURE.sources };

/**
 * `/:companyId/discovery/sources`: members list them, owners and admins add, remove and
 * rotate keys. Adding and rotating need a running subscription; removing never does (a
 * company can always cut off a leaked key).
 */
export async function sourceRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/:companyId/discovery/sources';

  app.get(
    base,
    {
      schema: { tags, params: DiscoveryCompanyParams, response: { 200: SourceListResponse } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => listSources(deps, actorOf(request)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: DiscoveryCompanyParams,
        body: CreateSourceBody,
        response: { 201: CreatedSourceResponse },
      },
      config,
      preHandler: companyAccess(deps, { access: 'admin', paid: true }),
    },
    async (request, reply) => reply.code(201).send(await createSource(deps, actorOf(request), request.body)),
  );

  app.delete(
    `${base}/:sourceId`,
    {
      schema: { tags, params: SourcePathParams, response: { 204: Type.Null() } },
      config,
      preHandler: companyAccess(deps, { access: 'admin' }),
    },
    async (request, reply) => {
      await deleteSource(deps, actorOf(request), request.params.sourceId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:sourceId/rotate-key`,
    {
      schema: { tags, params: SourcePathParams, response: { 200: RotatedKeyResponse } },
      config,
      preHandler: companyAccess(deps, { access: 'admin', paid: true }),
    },
    (request) => rotateIngestKey(deps, actorOf(request), request.params.sourceId),
  );
}
