import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateDestinationBody,
  DestinationList,
  DestinationParams,
  DestinationPreviewAnswer,
  DestinationsParams,
  DestinationTestAnswer,
  DestinationView,
  SyncRunList,
  SyncRunParams,
  SyncRunView,
  SyncSetBody,
  SyncSetParams,
  SyncSetStarted,
  SyncSetView,
  SyncStarted,
  TestDestinationBody,
  UpdateDestinationBody,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../../core/company-access';
import type { IntegrationsDeps } from '../../deps';
import { createDestination } from '../manage/create-destination';
import { deleteDestination } from '../manage/delete-destination';
import { listDestinations } from '../manage/list-destinations';
import { previewDestination } from '../manage/preview-destination';
import { testDestination } from '../manage/test-destination';
import { testNewDestination } from '../manage/test-new-destination';
import { updateDestination } from '../manage/update-destination';
import { getSyncRun, listSyncRuns } from '../runs/get-sync-run';
import { getSyncSet } from '../runs/get-sync-set';
import { startSync } from '../runs/start-sync';
import { startSyncSet } from '../runs/start-sync-set';

const tags = ['destinations'];
const config = { failureMessage: 'Could not reach the destination or change it. Try again later.' };

/**
 * `/:companyId/destinations`: members read the destinations, their runs and pushes (never
 * credentials, which nobody gets back); owners and admins add, change, test (also before
 * saving), preview and push, one destination or several together.
 */
export async function destinationRoutes(parent: FastifyInstance, { deps }: { deps: IntegrationsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const member = companyAccess(deps, { access: 'member' });
  const admin = companyAccess(deps, { access: 'admin' });

  app.get(
    '/:companyId/destinations',
    { schema: { tags, params: DestinationsParams, response: { 200: DestinationList } }, config, preHandler: member },
    (request) => listDestinations(deps, actorOf(request)),
  );

  app.post(
    '/:companyId/destinations',
    {
      schema: { tags, params: DestinationsParams, body: CreateDestinationBody, response: { 201: DestinationView } },
      config,
      preHandler: admin,
    },
    async (request, reply) => reply.code(201).send(await createDestination(deps, actorOf(request), request.body)),
  );

  app.patch(
    '/:companyId/destinations/:id',
    {
      schema: { tags, params: DestinationParams, body: UpdateDestinationBody, response: { 200: DestinationView } },
      config,
      preHandler: admin,
    },
    (request) => updateDestination(deps, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/:companyId/destinations/:id',
    { schema: { tags, params: DestinationParams, response: { 204: Type.Null() } }, config, preHandler: admin },
    async (request, reply) => {
      await deleteDestination(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:companyId/destinations/test',
    {
      schema: { tags, params: DestinationsParams, body: TestDestinationBody, response: { 200: DestinationTestAnswer } },
      config,
      preHandler: admin,
    },
    (request) => testNewDestination(deps, request.body),
  );

  app.post(
    '/:companyId/destinations/sync',
    {
      schema: { tags, params: DestinationsParams, body: SyncSetBody, response: { 202: SyncSetStarted } },
      config,
      preHandler: admin,
    },
    async (request, reply) =>
      reply.code(202).send(await startSyncSet(deps, actorOf(request), request.body.destinationIds)),
  );

  app.post(
    '/:companyId/destinations/:id/test',
    {
      schema: { tags, params: DestinationParams, response: { 200: DestinationTestAnswer } },
      config,
      preHandler: admin,
    },
    (request) => testDestination(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/:companyId/destinations/:id/preview',
    {
      schema: { tags, params: DestinationParams, response: { 200: DestinationPreviewAnswer } },
      config,
      preHandler: admin,
    },
    (request) => previewDestination(deps, actorOf(request), request.params.id, request.id),
  );

  app.post(
    '/:companyId/destinations/:id/sync',
    { schema: { tags, params: DestinationParams, response: { 202: SyncStarted } }, config, preHandler: admin },
    async (request, reply) => reply.code(202).send(await startSync(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/:companyId/destinations/:id/runs',
    { schema: { tags, params: DestinationParams, response: { 200: SyncRunList } }, config, preHandler: member },
    (request) => listSyncRuns(deps, actorOf(request), request.params.id),
  );

  app.get(
    '/:companyId/sync-runs/:runId',
    { schema: { tags, params: SyncRunParams, response: { 200: SyncRunView } }, config, preHandler: member },
    (request) => getSyncRun(deps, actorOf(request), request.params.runId),
  );

  app.get(
    '/:companyId/sync-sets/:setId',
    { schema: { tags, params: SyncSetParams, response: { 200: SyncSetView } }, config, preHandler: member },
    (request) => getSyncSet(deps, actorOf(request), request.params.setId),
  );
}
