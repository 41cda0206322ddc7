import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AccountDeps } from '../../deps';
import { reportBug } from '../../use-cases/report-bug';
import { idempotencyKey } from '../call-context';
import { IdempotencyHeaders } from '../schemas';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../../lib/rate-window';

const Text = (max: number) => Type.String({ maxLength: max });
const Body = Type.Object(
  {
    bugType: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.String({ minLength: 1, maxLength: 10000 }),
    bugUrl: Type.Optional(Text(2048)),
    submissionUrl: Type.Optional(Text(2048)),
    companyId: Type.Optional(Text(100)),
    mapId: Type.Optional(Text(100)),
    userAgent: Type.Optional(Text(1024)),
  },
  { additionalProperties: false },
);

export default async function bugReportRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: Static<typeof Body> }>(
    '/api/support/bug-report',
    {
      schema: { body: Body, headers: IdempotencyHeaders },
      config: { failureMessage: 'Could not send your bug report. Try again later.' },
      preHandler: limitPerAddress(deps.config.SUPPORT_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await reportBug(deps, request.auth?.userId ?? null, request.body, idempotencyKey(request));
      return reply.code(201).send(created);
    },
  );
}
