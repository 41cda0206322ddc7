import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MapOverlay, MapOverlayParams } from '@tracemap/contracts';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { getMapOverlay } from './get-map-overlay';

/** `GET /api/insights/:companyId/discovery/maps/:mapId/overlay` (members): coverage per view and observed moves. */
export async function mapOverlayRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/:companyId/discovery/maps/:mapId/overlay',
    {
      schema: { tags: ['discovery'], params: MapOverlayParams, response: { 200: MapOverlay } },
      config: { failureMessage: 'Could not read the observed overlay of the map. Try again later.' },
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => getMapOverlay(deps, actorOf(request).companyId, request.params.mapId),
  );
}
