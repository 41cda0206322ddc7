import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyPathParams,
  NativePlanSchema,
  type NativePlan,
  PlanVersionDiffQuery,
  PlanVersionDiffSchema,
  PlanVersionList,
  PlanVersionParams,
} from '@tracemap/contracts';
import { serializeNativePlan } from '@tracemap/tracking-plan';
import { companyAccess } from '../../core/company-access';
import type { CompanyDeps } from '../../core/deps';
import { PROPOSAL_FAILURE } from '../proposals/proposal-errors';
import { actorOf, writeAsIs } from '../shared/route-kit';
import { diffPlanVersions, getPlanVersion } from './get-plan-version';
import { listPlanVersions } from './list-plan-versions';

const tags = ['plan versions'];
const locate = { from: 'params', field: 'companyId' } as const;

/** Members list versions; a version's file and diffs (every attribute, exposed or not) are for editors. */
export async function versionRoutes(parent: FastifyInstance, { deps }: { deps: CompanyDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const read = companyAccess(deps, { access: 'member', locate });
  const edit = companyAccess(deps, { access: 'edit', locate });
  app.get(
    '/:companyId/plan-versions',
    {
      schema: { tags, params: CompanyPathParams, response: { 200: PlanVersionList } },
      config: { failureMessage: PROPOSAL_FAILURE.versions },
      preHandler: read,
    },
    (request) => listPlanVersions(deps, actorOf(request)),
  );
  app.get(
    '/:companyId/plan-versions/:version/export',
    {
      schema: { tags, params: PlanVersionParams, response: { 200: NativePlanSchema } },
      // The file as the plan's export writes it: stable key order, indented.
      serializerCompiler: () => (data) => serializeNativePlan(data as NativePlan),
      config: { failureMessage: PROPOSAL_FAILURE.versions },
      preHandler: edit,
    },
    async (request, reply) => {
      const plan = await getPlanVersion(deps, actorOf(request), request.params.version);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tracking-plan-v${request.params.version}.json"`)
        .send(plan);
    },
  );
  app.get(
    '/:companyId/plan-versions/:version/diff',
    {
      schema: {
        tags,
        params: PlanVersionParams,
        querystring: PlanVersionDiffQuery,
        response: { 200: PlanVersionDiffSchema },
      },
      serializerCompiler: writeAsIs,
      config: { failureMessage: PROPOSAL_FAILURE.versions },
      preHandler: edit,
    },
    (request) =>
      diffPlanVersions(deps, actorOf(request), { version: request.params.version, against: request.query.against }),
  );
}
