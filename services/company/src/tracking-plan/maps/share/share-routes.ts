import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireServiceToken } from '@tracemap/service-kit';
import {
  MapFrameAncestorsSchema,
  MapPreviewPathParams,
  MapPreviewQuery,
  MapPreviewSchema,
  MapShareStateSchema,
  EntityPathParams,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../../core/deps';
import { companyAccess } from '../../../core/company-access';
import { actorOf, liveEditAccess, NoContent, readAccess } from '../../shared/route-kit';
import { disableMapShare } from './disable-map-share';
import { enableMapShare } from './enable-map-share';
import { getFrameAncestors } from './get-frame-ancestors';
import { getMapShare } from './get-map-share';
import { getMemberMapPreview, getSharedMapPreview, previewNotFound } from './get-map-preview';
import { companyOfMemberMap } from './share-repository';
import { SHARE_MESSAGES } from './share-messages';

const tags = ['maps'];

/**
 * A map's public link under `/:companyId/maps/:id/share` (members read
 * whether it is on, editors turn it on and off) and the preview at
 * `/map-preview/:mapId`, which names no company: members reach it signed in,
 * anyone with the link's token without an account.
 */
export async function mapShareRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  // `:id` like the map's own routes: one tree node cannot carry two parameter names.
  const share = '/:companyId/maps/:id/share';

  app.get(
    share,
    {
      schema: { tags, params: EntityPathParams, response: { 200: MapShareStateSchema } },
      config: { failureMessage: SHARE_MESSAGES.shareReadFailure },
      preHandler: readAccess(deps),
    },
    (request) => getMapShare(deps, actorOf(request), request.params.id),
  );

  app.post(
    share,
    {
      schema: { tags, params: EntityPathParams, response: { 201: MapShareStateSchema } },
      config: { failureMessage: SHARE_MESSAGES.shareFailure },
      preHandler: liveEditAccess(deps),
    },
    async (request, reply) => reply.code(201).send(await enableMapShare(deps, actorOf(request), request.params.id)),
  );

  app.delete(
    share,
    {
      schema: { tags, params: EntityPathParams, response: { 204: NoContent } },
      config: { failureMessage: SHARE_MESSAGES.shareFailure },
      preHandler: liveEditAccess(deps),
    },
    async (request, reply) => {
      await disableMapShare(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const memberAccess = companyAccess(deps, {
    access: 'member',
    locate: {
      from: 'params',
      field: 'mapId',
      resolve: (mapId, userId) => companyOfMemberMap(deps.db, userId, mapId),
      notFound: previewNotFound(),
    },
  });
  /** With a token the token alone decides; without one only a signed-in member gets past (anyone else: the same 404). */
  async function previewAccess(
    request: FastifyRequest<{ Querystring: Static<typeof MapPreviewQuery> }>,
    reply: FastifyReply,
  ) {
    if (request.query.token !== undefined) return;
    if (!request.auth && !request.authFailure && !request.authUnavailable && !request.authRejection)
      throw previewNotFound();
    await memberAccess.call(request.server, request, reply);
  }

  app.get(
    '/map-preview/:mapId',
    {
      schema: { tags, params: MapPreviewPathParams, querystring: MapPreviewQuery, response: { 200: MapPreviewSchema } },
      config: { failureMessage: SHARE_MESSAGES.previewFailure },
      preHandler: previewAccess,
    },
    (request) =>
      request.query.token !== undefined
        ? getSharedMapPreview(deps, request.params.mapId, request.query.token)
        : getMemberMapPreview(deps, actorOf(request), request.params.mapId),
  );
}

/** Service-to-service: the gateway asks who may frame a preview page. */
export async function mapShareInternalRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/maps/:mapId/frame-ancestors',
    {
      schema: { params: MapPreviewPathParams, response: { 200: MapFrameAncestorsSchema } },
      config: { failureMessage: SHARE_MESSAGES.previewFailure },
      onRequest: requireServiceToken(deps.config.INTERNAL_SERVICE_TOKEN),
    },
    (request) => getFrameAncestors(deps, request.params.mapId),
  );
}
