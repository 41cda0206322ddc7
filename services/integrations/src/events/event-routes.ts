import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ERRORS } from '../core/errors';
import type { IntegrationsDeps } from '../deps';
import { handleEvent, type SlackEnvelope } from './handle-event';
import { isSignedBySlack } from './verify-signature';

const EventAnswer = Type.Object({ challenge: Type.Optional(Type.String()) }, { additionalProperties: false });
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `POST /slack/events`, public and signed: the body is kept as received (the signature covers
 * its exact bytes) and read only once the signature holds.
 */
export async function eventRoutes(parent: FastifyInstance, { deps }: { deps: IntegrationsDeps }) {
  await parent.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    const app = scoped.withTypeProvider<TypeBoxTypeProvider>();
    app.post('/slack/events', { schema: { tags: ['slack'], response: { 200: EventAnswer } } }, async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const secret = deps.config.SLACK_SIGNING_SECRET;
      const signed =
        secret !== undefined &&
        isSignedBySlack(secret, {
          timestamp: header(request.headers['x-slack-request-timestamp']),
          signature: header(request.headers['x-slack-signature']),
          rawBody,
        });
      if (!signed) throw ERRORS.badSignature();
      let envelope: SlackEnvelope;
      try {
        envelope = JSON.parse(rawBody) as SlackEnvelope;
      } catch {
        return {};
      }
      return handleEvent(deps, envelope);
    });
  });
}
