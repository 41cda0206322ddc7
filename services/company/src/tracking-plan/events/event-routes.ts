import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EventDetail,
  EventListQuery,
  EventPage,
  EffectiveAttributesResponse,
  EventSchema,
  JsonSchemaDocument,
  CompanyPathParams,
  CreateEventBody,
  EntityPathParams,
  HistoryPage,
  HistoryQuery,
  IfMatchHeaders,
  UpdateEventBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../deps';
import { listEntityHistory } from '../history/list-entity-history';
import { parseIfMatch } from '../shared/plan-context';
import { PLAN_FAILURE } from '../shared/plan-errors';
import { actorOf, CreateHeaders, editAccess, NoContent, readAccess, writeAsIs } from '../shared/route-kit';
import { createEvent } from './create-event';
import { deleteEvent } from './delete-event';
import { getEvent } from './get-event';
import { listEvents } from './list-events';
import { updateEvent } from './update-event';
import { getEffectiveAttributes } from './get-effective-attributes';
import { getEventSchema } from './get-event-schema';

const tags = ['events'];

export async function eventRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/events',
    {
      schema: { tags, params: CompanyPathParams, querystring: EventListQuery, response: { 200: EventPage } },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.list },
      preHandler: readAccess(deps),
    },
    (request) => listEvents(deps, actorOf(request), request.query),
  );

  app.post(
    '/:companyId/events',
    {
      schema: { tags, params: CompanyPathParams, headers: CreateHeaders, body: CreateEventBody, response: { 201: EventSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      const outcome = await createEvent(deps, actorOf(request), request.body, request.headers['idempotency-key']);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );

  app.get(
    '/:companyId/events/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 200: EventDetail } },
      config: { failureMessage: PLAN_FAILURE.read },
      preHandler: readAccess(deps),
    },
    (request) => getEvent(deps, actorOf(request), request.params.id),
  );

  app.patch(
    '/:companyId/events/:id',
    {
      schema: { tags, params: EntityPathParams, headers: IfMatchHeaders, body: UpdateEventBody, response: { 200: EventSchema } },
      config: { failureMessage: PLAN_FAILURE.save },
      preHandler: editAccess(deps),
    },
    (request) =>
      updateEvent(deps, actorOf(request), { id: request.params.id, changes: request.body, ifMatch: parseIfMatch(request.headers['if-match']) }),
  );

  app.delete(
    '/:companyId/events/:id',
    {
      schema: { tags, params: EntityPathParams, response: { 204: NoContent } },
      config: { failureMessage: PLAN_FAILURE.remove },
      preHandler: editAccess(deps),
    },
    async (request, reply) => {
      await deleteEvent(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:companyId/events/:id/history',
    {
      schema: { tags, params: EntityPathParams, querystring: HistoryQuery, response: { 200: HistoryPage } },
      config: { failureMessage: PLAN_FAILURE.history },
      preHandler: readAccess(deps),
    },
    (request) => listEntityHistory(deps, actorOf(request), { kind: 'event', id: request.params.id, ...request.query, requestId: request.id }),
  );

  app.get(
    '/:companyId/events/:id/schema',
    {
      schema: { tags, params: EntityPathParams, response: { 200: JsonSchemaDocument } },
      // A JSON Schema's shape is JSON Schema's own: written as it is.
      serializerCompiler: writeAsIs,
      config: { failureMessage: PLAN_FAILURE.schema },
      preHandler: readAccess(deps),
    },
    (request) => getEventSchema(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/:companyId/events/:id/effective-attributes',
    {
      schema: { tags, params: EntityPathParams, response: { 200: EffectiveAttributesResponse } },
      config: { failureMessage: PLAN_FAILURE.schema },
      preHandler: readAccess(deps),
    },
    (request) => getEffectiveAttributes(deps, actorOf(request), request.params.id),
  );
}
