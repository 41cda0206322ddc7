import type { FastifyInstance } from 'fastify';
import {
  ANALYTICS_BODY_LIMIT_BYTES,
  AnalyticsBatchBody,
  AnalyticsBatchResponse,
  type AnalyticsBatch,
} from '@tracemap/contracts';
import { AppError, decodeJsonBody } from '@tracemap/service-kit';
import type { AccountDeps } from '../deps';
import { clientAddress, limitPerAddress } from '../lib/rate-window';
import { recordEvents } from './record-events';

/** `POST /api/analytics/events`: batches from the product's own analytics client, login optional. */
export default async function analyticsRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  // navigator.sendBeacon may only send a CORS-safelisted type, so the summary sent as a page goes
  // away arrives as text/plain holding JSON. Only this route reads it that way.
  // The kit's byte checks (UTF-8, nesting depth) and then Fastify's own JSON parser, so such a body
  // meets the same rules as a JSON one (__proto__ and constructor.prototype keys refused); the
  // kit's text checks and the schema then run as usual.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'buffer', bodyLimit: ANALYTICS_BODY_LIMIT_BYTES },
    (request, body, done) => {
      let text: string;
      try {
        text = decodeJsonBody(Buffer.from(body));
      } catch (error) {
        return done(error as AppError);
      }
      return parseJson(request, text, (error, parsed) =>
        error ? done(new AppError(400, 'invalid_json', 'The body is not valid JSON.')) : done(null, parsed),
      );
    },
  );
  app.post<{ Body: AnalyticsBatch }>(
    '/api/analytics/events',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
      schema: { body: AnalyticsBatchBody, response: { 202: AnalyticsBatchResponse } },
      config: { failureMessage: 'Could not record analytics events. Try again later.' },
      preHandler: limitPerAddress(
        deps.config.ANALYTICS_RATE_LIMIT_PER_MINUTE,
        'Too many analytics requests. Try again in a minute.',
      ),
    },
    async (request, reply) => {
      const address = clientAddress(request.headers['x-forwarded-for'], request.ip);
      const result = await recordEvents(deps, request.body, { userId: request.auth?.userId ?? null, address });
      return reply.code(202).send(result);
    },
  );
}
