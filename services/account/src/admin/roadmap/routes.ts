import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AdminRoadmapItemSchema,
  AdminRoadmapListResponse,
  NoContentResponse,
  RoadmapItemBody,
  RoadmapItemParams,
  RoadmapItemPatch,
  RoadmapOrderBody,
} from '@tracemap/contracts';
import { createRoadmapItem } from './create-roadmap-item';
import { deleteRoadmapItem } from './delete-roadmap-item';
import { listRoadmapItems } from './list-roadmap-items';
import { reorderRoadmap } from './reorder-roadmap';
import { updateRoadmapItem } from './update-roadmap-item';
import type { AdminRouteOptions } from '../route-options';

type Params = { Params: Static<typeof RoadmapItemParams> };

export default async function adminRoadmapRoutes(app: FastifyInstance, { deps, context }: AdminRouteOptions) {
  app.get('/roadmap', { schema: { response: { 200: AdminRoadmapListResponse } } }, async () => listRoadmapItems(deps));
  app.post<{ Body: Static<typeof RoadmapItemBody> }>(
    '/roadmap',
    { schema: { body: RoadmapItemBody, response: { 201: AdminRoadmapItemSchema } } },
    async (request, reply) => reply.code(201).send(await createRoadmapItem(context(request), request.body)),
  );
  app.put<{ Body: Static<typeof RoadmapOrderBody> }>(
    '/roadmap/order',
    { schema: { body: RoadmapOrderBody, response: { 200: AdminRoadmapListResponse } } },
    async (request) => reorderRoadmap(context(request), request.body.ids),
  );
  app.patch<Params & { Body: Static<typeof RoadmapItemPatch> }>(
    '/roadmap/:id',
    { schema: { params: RoadmapItemParams, body: RoadmapItemPatch, response: { 200: AdminRoadmapItemSchema } } },
    async (request) => updateRoadmapItem(context(request), request.params.id, request.body),
  );
  app.delete<Params>(
    '/roadmap/:id',
    { schema: { params: RoadmapItemParams, response: { 204: NoContentResponse } } },
    async (request, reply) => {
      await deleteRoadmapItem(context(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
