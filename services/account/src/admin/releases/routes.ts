import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  PublishReleaseBody,
  ReleaseRemoteParams,
  RemoteReleasesResponse,
  RemoteReleaseStateSchema,
  RollbackReleaseBody,
  RecordShellResponse,
  ShellContractBody,
} from '@tracemap/contracts';
import type { AdminRouteOptions } from '../route-options';
import { listReleases } from './list-releases';
import { publishRelease } from './publish-release';
import { recordShellContract } from './record-shell-contract';
import { rollbackRelease } from './rollback-release';

export default async function adminReleaseRoutes(app: FastifyInstance, { deps, context }: AdminRouteOptions) {
  app.get('/releases', { schema: { response: { 200: RemoteReleasesResponse } } }, async () => listReleases(deps.pool));
  app.post<{ Body: Static<typeof PublishReleaseBody> }>(
    '/releases',
    { schema: { body: PublishReleaseBody, response: { 201: RemoteReleaseStateSchema } } },
    async (request, reply) => reply.code(201).send(await publishRelease(context(request), request.body)),
  );
  app.post<{ Params: Static<typeof ReleaseRemoteParams>; Body: Static<typeof RollbackReleaseBody> }>(
    '/releases/:remote/rollback',
    {
      schema: { params: ReleaseRemoteParams, body: RollbackReleaseBody, response: { 200: RemoteReleaseStateSchema } },
    },
    async (request) => rollbackRelease(context(request), request.params.remote, request.body?.version),
  );
  app.put<{ Body: Static<typeof ShellContractBody> }>(
    '/releases/shell',
    { schema: { body: ShellContractBody, response: { 200: RecordShellResponse } } },
    async (request) => recordShellContract(context(request), request.body.provides),
  );
}
