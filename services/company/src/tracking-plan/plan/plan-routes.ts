import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError, decodeJsonBody, decodeTextBody } from '@tracemap/service-kit';
import {
  CompanyPathParams,
  ExportQuery,
  IMPORT_BODY_LIMIT_BYTES,
  ImportDiffSchema,
  ImportQuery,
  LintReport,
  ProposalQuery,
} from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { PLAN_FAILURE, PLAN_MESSAGES } from '../shared/plan-errors';
import { actorOf, editAccess, readAccess } from '../shared/route-kit';
import { exportTrackingPlan } from './export-tracking-plan';
import { importTrackingPlan } from './import-tracking-plan';
import { lintTrackingPlan } from './lint-tracking-plan';

const tags = ['tracking plan'];

export async function planRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/:companyId/tracking-plan/lint',
    {
      schema: { tags, params: CompanyPathParams, querystring: ProposalQuery, response: { 200: LintReport } },
      config: { failureMessage: PLAN_FAILURE.lint },
      preHandler: readAccess(deps),
    },
    (request) => lintTrackingPlan(deps, actorOf(request)),
  );

  app.get(
    '/:companyId/tracking-plan/export',
    {
      schema: { tags, params: CompanyPathParams, querystring: ExportQuery },
      config: { failureMessage: PLAN_FAILURE.exportPlan },
      preHandler: readAccess(deps),
    },
    async (request, reply) => {
      const file = await exportTrackingPlan(deps, actorOf(request), request.query.format ?? 'native');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  await app.register(importRoute, { deps });
}

/**
 * The import route alone reads its body as text (JSON for native files,
 * text/csv for CSV) and accepts files far larger than other requests.
 */
async function importRoute(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.removeAllContentTypeParsers();
  // Kept as text for the importer to parse, but the bytes meet the kit's checks first: CSV must be
  // UTF-8, and a native file also the nesting limit of every JSON body.
  const asText =
    (decode: (raw: Buffer) => string) =>
    (_request: unknown, raw: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
      try {
        done(null, decode(Buffer.from(raw)));
      } catch (error) {
        done(error as Error);
      }
    };
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    asText(decodeJsonBody),
  );
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    asText(decodeTextBody),
  );
  app.post(
    '/:companyId/tracking-plan/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: { tags, params: CompanyPathParams, querystring: ImportQuery, response: { 200: ImportDiffSchema } },
      config: { failureMessage: PLAN_FAILURE.importPlan },
      preHandler: editAccess(deps),
    },
    async (request) => {
      const isCsv = (request.headers['content-type'] ?? '').startsWith('text/csv');
      if ((request.query.format === 'csv') !== isCsv) {
        throw new AppError(
          415,
          'unsupported_media_type',
          request.query.format === 'csv' ? PLAN_MESSAGES.notCsv : PLAN_MESSAGES.notJson,
        );
      }
      return importTrackingPlan(deps, actorOf(request), {
        format: request.query.format,
        text: String(request.body ?? ''),
        dryRun: request.query.dryRun ?? false,
      });
    },
  );
}
