import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ViewDetail,
  ViewListQuery,
  ViewPage,
  ViewSchema,
  CompanyPathParams,
  CreateViewBody,
  EntityPathParams,
  HistoryPage,
  HistoryQuery,
  IfMatchHeaders,
  UpdateViewBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { listEntityHistory } from '../history/list-entity-history';
import { parseIfMatch } from '../shared/plan-context';
import { PLAN_FAILURE } from '../shared/plan-errors';
import { actorOf, CreateHeaders, editAccess, NoContent, readAccess, writeAsIs } from '../shared/route-kit';
import { createView } from './create-view';
import { deleteView } from './delete-view';
import { getView } from './get-view';
import { listViews } from './list-views';
import { updateView } from './update-view';

const tags = ['views'];

export async function viewRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/views',
    {
      schema: { tags, params: CompanyPathParams, querystring: ViewListQuery, response: { 200: ViewPage } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.list },
      preHandler: readAccess(deps),
    },
    (request) => listViews(deps, actorOf(request), request.query),
  );

  app.post(
    '/:companyId/views',
    {
      schema: { tags, params: CompanyPathParams, headers: CreateHeaders, body: CreateViewBody, response: { 201: ViewSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      const outcome = await createView(deps, actorOf(request), request.body, request.headers['idempotency-key']);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    '/:companyId/views/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 200: ViewDetail } },
      config: { failureMessage: PLAN_FAILURE.read },
      preHandler: readAccess(deps),
    },
    (request) => getView(deps, actorOf(request), request.params.id),
  );

  app.patch(
    '/:companyId/views/:id',
    {
      schema: { tags, params: EntityPathParams, headers: IfMatchHeaders, body: UpdateViewBody, response: { 200: ViewDetail } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    (request) =>
      updateView(deps, actorOf(request), { id: request.params.id, changes: request.body, ifMatch: parseIfMatch(request.headers['if-match']) }),
  );

  app.delete(
    '/:companyId/views/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 204: NoContent } },
      config: { failureMessage: PLAN_FAILURE.remove },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      await deleteView(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:companyId/views/:id/history',
    {
      schema: { tags, params: EntityPathParams, querystring: HistoryQuery, response: { 200: HistoryPage } },
      config: { failureMessage: PLAN_FAILURE.history },
      preHandler: readAccess(deps),
    },
    (request) => listEntityHistory(deps, actorOf(request), { kind: 'view', id: request.params.id, ...request.query, requestId: request.id }),
  );
}
