import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddToPlanAnswer,
  DiscoveryEventPathParams,
  FindingPathParams,
  IgnoreFindingAnswer,
  IgnoreFindingBody,
  MapFindingAnswer,
  MapFindingBody,
  MarkLiveAnswer,
} from '@tracemap/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { addFindingToPlan } from './add-finding-to-plan';
import { ignoreFinding } from './ignore-finding';
import { mapFinding } from './map-finding';
import { markEventLive } from './mark-event-live';
import type { Triager } from './triage-context';

const tags = ['discovery'];
const config = { failureMessage: 'Could not triage the finding. Try again later.' };

const triager = (request: FastifyRequest): Triager => {
  const actor = actorOf(request);
  return { companyId: actor.companyId, userId: actor.userId, requestId: request.id };
};

/** Triage by editors (402 without a running subscription, like other writes). */
export async function triageRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const editors = companyAccess(deps, { access: 'edit', paid: true });

  app.post(
    '/:companyId/discovery/findings/:id/add-to-plan',
    { schema: { tags, params: FindingPathParams, response: { 200: AddToPlanAnswer } }, config, preHandler: editors },
    (request) => addFindingToPlan(deps, triager(request), request.params.id),
  );

  app.post(
    '/:companyId/discovery/findings/:id/map',
    {
      schema: { tags, params: FindingPathParams, body: MapFindingBody, response: { 200: MapFindingAnswer } },
      config,
      preHandler: editors,
    },
    (request) => mapFinding(deps, triager(request), request.params.id, request.body),
  );

  app.post(
    '/:companyId/discovery/findings/:id/ignore',
    {
      schema: { tags, params: FindingPathParams, body: IgnoreFindingBody, response: { 200: IgnoreFindingAnswer } },
      config,
      preHandler: editors,
    },
    (request) => ignoreFinding(deps, triager(request), request.params.id, request.body),
  );

  app.post(
    '/:companyId/discovery/events/:eventId/mark-live',
    {
      schema: { tags, params: DiscoveryEventPathParams, response: { 200: MarkLiveAnswer } },
      config,
      preHandler: editors,
    },
    (request) => markEventLive(deps, triager(request), request.params.eventId),
  );
}
