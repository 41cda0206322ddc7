import type { FastifyInstance } from 'fastify';
import { PublicRoadmapResponse } from '@tracemap/contracts';
import { listPublishedRoadmap } from './list-published-roadmap';
import type { AccountDeps } from '../../deps';

/** The public roadmap: no login; shared caches may keep it for a minute. */
export default async function publicRoadmapRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.get('/api/account/roadmap', { schema: { response: { 200: PublicRoadmapResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listPublishedRoadmap(deps);
  });
}
