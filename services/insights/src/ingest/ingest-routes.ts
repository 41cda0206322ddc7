import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DiscoveryCompanyParams,
  RunPage,
  RunListQuery,
  RunPathParams,
  RunSchema,
  UploadAccepted,
  UploadQuery,
} from '@tracemap/contracts';
import { idempotencyKeyOf } from '@tracemap/service-kit';
import { actorOf, companyAccess } from '../core/company-access';
import type { InsightsDeps } from '../deps';
import { uploadDepsOf } from './upload-deps';
import { cancelRun, getRun, listRuns } from './runs';
import { uploadFile } from './upload-file';

/** The content types an upload may be sent as; each body is taken as a stream, never parsed or buffered. */
export const UPLOAD_CONTENT_TYPES = [
  'application/x-ndjson',
  'application/json',
  'application/gzip',
  'application/zip',
] as const;

const tags = ['discovery'];
const config = { failureMessage: 'Could not read or change the discovery runs. Try again later.' };

/**
 * Uploads and their runs: members read runs; editors upload and cancel, and an
 * upload needs a running subscription.
 */
export async function ingestRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const upload = uploadDepsOf(deps);
  // In this scope only: the body is left unread in the request's stream, which the upload spools to
  // disk as it arrives; any other content type is refused with 415.
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser([...UPLOAD_CONTENT_TYPES], (_request, _payload, done) => done(null, undefined));

  app.post(
    '/:companyId/discovery/uploads',
    {
      schema: { tags, params: DiscoveryCompanyParams, querystring: UploadQuery, response: { 202: UploadAccepted } },
      config,
      preHandler: companyAccess(deps, { access: 'edit', paid: true }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const accepted = await uploadFile(upload, {
        companyId: actor.companyId,
        userId: actor.userId,
        format: request.query.format ?? 'auto',
        contentType: String(request.headers['content-type'] ?? ''),
        body: request.raw,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return reply.code(202).send(accepted);
    },
  );

  app.get(
    '/:companyId/discovery/runs',
    {
      schema: { tags, params: DiscoveryCompanyParams, querystring: RunListQuery, response: { 200: RunPage } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => listRuns(deps, actorOf(request).companyId, request.query),
  );

  app.get(
    '/:companyId/discovery/runs/:runId',
    {
      schema: { tags, params: RunPathParams, response: { 200: RunSchema } },
      config,
      preHandler: companyAccess(deps, { access: 'member' }),
    },
    (request) => getRun(deps, actorOf(request).companyId, request.params.runId),
  );

  app.post(
    '/:companyId/discovery/runs/:runId/cancel',
    {
      schema: { tags, params: RunPathParams, response: { 200: RunSchema } },
      config,
      // Stopping work never needs a subscription.
      preHandler: companyAccess(deps, { access: 'edit' }),
    },
    (request) => cancelRun(deps, actorOf(request).companyId, request.params.runId),
  );
}
