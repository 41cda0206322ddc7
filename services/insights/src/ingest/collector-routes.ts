import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import rateLimit from '@fastify/rate-limit';
import { CollectAccepted, CollectParams } from '@tracemap/contracts';
import { badRequest, decodeJsonBody, notFound, tooManyRequests } from '@tracemap/service-kit';
import type { InsightsDeps } from '../deps';
import { findSourceByIngestKey } from '../sources/find-source-by-ingest-key';
import { collectEvents } from './collect-events';

const keyHash = (path: string) => createHash('sha256').update(path).digest('base64url');

/**
 * The public collector: webhooks (Segment, RudderStack, mParticle) and small
 * scripts post events with the source's ingest key in the path, no token.
 * Bodies are capped, each key is rate limited, and a company without a
 * running subscription gets 402 as for any other write.
 */
export async function collectorRoutes(parent: FastifyInstance, { deps }: { deps: InsightsDeps }) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { collector, limits } = deps.discovery.settings;
  // Scripts send beacons as text/plain; both are read as JSON here, where a key such as
  // __proto__ stays plain data of the event (JSON.parse never makes it a prototype).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, (_request, raw, done) => {
    try {
      done(null, JSON.parse(decodeJsonBody(Buffer.isBuffer(raw) ? raw : Buffer.from(raw))));
    } catch (error) {
      const refused = error instanceof SyntaxError ? badRequest('The body is not JSON.', 'invalid_json') : error;
      done(refused instanceof Error ? refused : new Error(String(refused)), undefined);
    }
  });
  await app.register(rateLimit, {
    global: false,
    // Per ingest key, whoever sends: the path names it (hashed, so the key itself is kept nowhere).
    keyGenerator: (request) => keyHash(request.url.split('?')[0]),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests('Too many requests for this ingest key.', Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  app.post(
    '/collect/:ingestKey',
    {
      schema: { tags: ['discovery'], params: CollectParams, response: { 202: CollectAccepted } },
      bodyLimit: collector.maxBodyBytes,
      config: {
        rateLimit: { max: collector.requestsPerMinute, timeWindow: 60_000 },
        failureMessage: 'Could not take these events. Try again later.',
      },
    },
    async (request, reply) => {
      const source = await findSourceByIngestKey(deps.db, request.params.ingestKey);
      if (!source) throw notFound('No collector has this key.', 'source_not_found');
      await deps.subscriptions.requireActive(source.companyId, request.id);
      const accepted = await collectEvents(
        {
          db: deps.db,
          batchEvents: limits.batchEvents,
          profileChanged: (companyId) => deps.discovery.judges.schedule(companyId),
        },
        { id: source.sourceId, companyId: source.companyId, format: source.format },
        request.body,
      );
      return reply.code(202).send(accepted);
    },
  );
}
