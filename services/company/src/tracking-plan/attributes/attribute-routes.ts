import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AttributeDetail,
  AttributeListQuery,
  AttributePage,
  AttributeSchema,
  CompanyPathParams,
  CreateAttributeBody,
  EntityPathParams,
  HistoryPage,
  HistoryQuery,
  IfMatchHeaders,
  UpdateAttributeBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { listEntityHistory } from '../history/list-entity-history';
import { parseIfMatch } from '../shared/plan-context';
import { PLAN_FAILURE } from '../shared/plan-errors';
import { actorOf, CreateHeaders, editAccess, NoContent, readAccess, writeAsIs } from '../shared/route-kit';
import { createAttribute } from './create-attribute';
import { deleteAttribute } from './delete-attribute';
import { getAttribute } from './get-attribute';
import { listAttributes } from './list-attributes';
import { updateAttribute } from './update-attribute';

const tags = ['attributes'];

export async function attributeRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/attributes',
    {
      schema: { tags, params: CompanyPathParams, querystring: AttributeListQuery, response: { 200: AttributePage } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.list },
      preHandler: readAccess(deps),
    },
    (request) => listAttributes(deps, actorOf(request), request.query),
  );

  app.post(
    '/:companyId/attributes',
    {
      schema: { tags, params: CompanyPathParams, headers: CreateHeaders, body: CreateAttributeBody, response: { 201: AttributeSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      const outcome = await createAttribute(deps, actorOf(request), request.body, request.headers['idempotency-key']);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    '/:companyId/attributes/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 200: AttributeDetail } },
      config: { failureMessage: PLAN_FAILURE.read },
      preHandler: readAccess(deps),
    },
    (request) => getAttribute(deps, actorOf(request), request.params.id),
  );

  app.patch(
    '/:companyId/attributes/:id',
    {
      schema: { tags, params: EntityPathParams, headers: IfMatchHeaders, body: UpdateAttributeBody, response: { 200: AttributeSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    (request) =>
      updateAttribute(deps, actorOf(request), { id: request.params.id, changes: request.body, ifMatch: parseIfMatch(request.headers['if-match']) }),
  );

  app.delete(
    '/:companyId/attributes/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 204: NoContent } },
      config: { failureMessage: PLAN_FAILURE.remove },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      await deleteAttribute(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:companyId/attributes/:id/history',
    {
      schema: { tags, params: EntityPathParams, querystring: HistoryQuery, response: { 200: HistoryPage } },
      config: { failureMessage: PLAN_FAILURE.history },
      preHandler: readAccess(deps),
    },
    (request) => listEntityHistory(deps, actorOf(request), { kind: 'attribute', id: request.params.id, ...request.query, requestId: request.id }),
  );
}
