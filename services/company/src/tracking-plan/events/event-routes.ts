import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateEventBody,
  EffectiveAttributesResponse,
  EntityPathParams,
  EventDetail,
  EventListQuery,
  EventPage,
  EventSchema,
  JsonSchemaDocument,
  ProposalQuery,
  UpdateEventBody,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { registerPlanEntityRoutes } from '../shared/entity-routes';
import { PLAN_FAILURE } from '../shared/plan-errors';
import { actorOf, readAccess, writeAsIs } from '../shared/route-kit';
import { createEvent } from './create-event';
import { deleteEvent } from './delete-event';
import { getEffectiveAttributes } from './get-effective-attributes';
import { getEvent } from './get-event';
import { getEventSchema } from './get-event-schema';
import { listEvents } from './list-events';
import { updateEvent } from './update-event';

const tags = ['events'];

export async function eventRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  registerPlanEntityRoutes(parent, deps, {
    kind: 'event',
    path: 'events',
    schemas: {
      listQuery: EventListQuery,
      page: EventPage,
      create: CreateEventBody,
      created: EventSchema,
      detail: EventDetail,
      update: UpdateEventBody,
      updated: EventSchema,
    },
    list: listEvents,
    create: createEvent,
    get: getEvent,
    update: updateEvent,
    remove: deleteEvent,
  });

  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/events/:id/schema',
    {
      schema: { tags, params: EntityPathParams, querystring: ProposalQuery, response: { 200: JsonSchemaDocument } },
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
      schema: {
        tags,
        params: EntityPathParams,
        querystring: ProposalQuery,
        response: { 200: EffectiveAttributesResponse },
      },
      config: { failureMessage: PLAN_FAILURE.schema },
      preHandler: readAccess(deps),
    },
    (request) => getEffectiveAttributes(deps, actorOf(request), request.params.id),
  );
}
