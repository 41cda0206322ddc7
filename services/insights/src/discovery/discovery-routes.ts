import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DiscoveryCompanyParams,
  DiscoveryOverviewSchema,
  FindingListQuery,
  FindingPage,
  FindingPathParams,
  FindingSchema,
  ObservedEventPage,
  ObservedEventsQuery,
  UpdateFindingBody,
} from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { getDiscoveryOverview } from './get-discovery-overview';
import { listFindings } from './list-findings';
import { listObservedEvents } from './list-observed-events';
import { updateFinding } from './update-finding';

const tags = ['discovery'];
const config = { failureMessage: 'Could not read or change the discovery findings. Try again later.' };

/** Findings (members read, editors triage), plan against reality per event, and the page's figures. */
export async function discoveryRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/discovery/findings',
    {
      schema: { tags, params: DiscoveryCompanyParams, querystring: FindingListQuery, response: { 200: FindingPage } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => listFindings(deps, actorOf(request).companyId, request.query),
  );

  app.get(
    '/:companyId/discovery/overview',
    {
      schema: { tags, params: DiscoveryCompanyParams, response: { 200: DiscoveryOverviewSchema } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => getDiscoveryOverview(deps, actorOf(request).companyId),
  );

  app.patch(
    '/:companyId/discovery/findings/:id',
    {
      schema: { tags, params: FindingPathParams, body: UpdateFindingBody, response: { 200: FindingSchema } },
      config,
      preHandler: companyAccess(deps, { access: 'edit', paid: true }),
    },
    (request) => updateFinding(deps, actorOf(request).companyId, request.params.id, request.body),
  );

  app.get(
    '/:companyId/discovery/events',
    {
      schema: {
        tags,
        params: DiscoveryCompanyParams,
        querystring: ObservedEventsQuery,
        response: { 200: ObservedEventPage },
      },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => listObservedEvents(deps, actorOf(request).companyId, request.query),
  );
}
