import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyPathParams,
  CreateMapBody,
  EntityPathParams,
  HistoryPage,
  HistoryQuery,
  IfMatchHeaders,
  MapDetail,
  MapListQuery,
  MapPage,
  MapSchema,
  UpdateMapBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { listEntityHistory } from '../history/list-entity-history';
import { parseIfMatch } from '../shared/plan-context';
import { PLAN_FAILURE } from '../shared/plan-errors';
import { actorOf, CreateHeaders, editAccess, NoContent, readAccess, writeAsIs } from '../shared/route-kit';
import { createMap } from './create-map';
import { deleteMap } from './delete-map';
import { getMap } from './get-map';
import { listMaps } from './list-maps';
import { updateMap } from './update-map';

const tags = ['maps'];

export async function mapRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/maps',
    {
      schema: { tags, params: CompanyPathParams, querystring: MapListQuery, response: { 200: MapPage } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.list },
      preHandler: readAccess(deps),
    },
    (request) => listMaps(deps, actorOf(request), request.query),
  );

  app.post(
    '/:companyId/maps',
    {
      schema: { tags, params: CompanyPathParams, headers: CreateHeaders, body: CreateMapBody, response: { 201: MapSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      const outcome = await createMap(deps, actorOf(request), request.body, request.headers['idempotency-key']);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    '/:companyId/maps/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 200: MapDetail } },
      config: { failureMessage: PLAN_FAILURE.read },
      preHandler: readAccess(deps),
    },
    (request) => getMap(deps, actorOf(request), request.params.id),
  );

  app.patch(
    '/:companyId/maps/:id',
    {
      schema: { tags, params: EntityPathParams, headers: IfMatchHeaders, body: UpdateMapBody, response: { 200: MapSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    (request) =>
      updateMap(deps, actorOf(request), { id: request.params.id, changes: request.body, ifMatch: parseIfMatch(request.headers['if-match']) }),
  );

  app.delete(
    '/:companyId/maps/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 204: NoContent } },
      config: { failureMessage: PLAN_FAILURE.remove },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      await deleteMap(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:companyId/maps/:id/history',
    {
      schema: { tags, params: EntityPathParams, querystring: HistoryQuery, response: { 200: HistoryPage } },
      config: { failureMessage: PLAN_FAILURE.history },
      preHandler: readAccess(deps),
    },
    (request) => listEntityHistory(deps, actorOf(request), { kind: 'map', id: request.params.id, ...request.query, requestId: request.id }),
  );
}
