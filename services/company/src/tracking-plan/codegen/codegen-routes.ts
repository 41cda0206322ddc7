import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CodegenQuery, CompanyPathParams, GeneratedCodeResponse, GeneratedCodeZip } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { actorOf, readAccess, writeAsIs } from '../shared/route-kit';
import { eventPart } from '@tracemap/tracking-plan';
import { getTypeScriptCode } from './get-typescript-code';
import { zipFiles } from './zip-files';

const tags = ['tracking plan'];
export const CODEGEN_FAILURE = 'Could not generate the tracking code. Try again later.';

/**
 * `GET /:companyId/codegen/typescript`: typed tracking code for one
 * destination, as JSON (files, per-event symbols, plan version and hash) or,
 * with `format=zip`, as the files in a zip. With `eventId` the JSON holds only
 * that event's part, so an event's page need not download a large plan's code.
 * Every member may read it.
 */
export async function codegenRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/codegen/typescript',
    {
      schema: {
        tags,
        params: CompanyPathParams,
        querystring: CodegenQuery,
        response: { 200: Type.Union([GeneratedCodeResponse, GeneratedCodeZip]) },
      },
      // Generated files are already plain strings: the compiled serializer would only slow a large answer down.
      serializerCompiler: writeAsIs,
      config: { failureMessage: CODEGEN_FAILURE },
      preHandler: readAccess(deps),
    },
    async (request, reply) => {
      const { destination = 'segment', validation = 'none', format = 'json', eventId } = request.query;
      const code = await getTypeScriptCode(deps, actorOf(request), { destination, validation });
      void reply.header('etag', `"${code.hash}"`);
      if (format === 'json') return eventId ? { ...code, ...eventPart(code, eventId) } : code;
      // A Buffer goes out as it is, without the JSON serializer.
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="tracemap-${destination}.zip"`)
        .send(zipFiles(code.files));
    },
  );
}
