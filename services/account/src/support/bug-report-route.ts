import type { FastifyInstance } from 'fastify';
import { BugReportBody, CreatedResponse, IdempotencyHeaders, type BugReportInput } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { reportBug } from './report-bug';
import { idempotencyKey } from '../lib/call-context';
import { limitPerAddress, TOO_MANY_MESSAGES } from '../lib/rate-window';

export default async function bugReportRoute(app: FastifyInstance, { deps }: { deps: AccountDeps }) {
  app.post<{ Body: BugReportInput }>(
    '/api/support/bug-report',
    {
      schema: { body: BugReportBody, headers: IdempotencyHeaders, response: { 201: CreatedResponse } },
      config: { failureMessage: 'Could not send your bug report. Try again later.' },
      preHandler: limitPerAddress(deps.config.SUPPORT_RATE_LIMIT_PER_MINUTE, TOO_MANY_MESSAGES),
    },
    async (request, reply) => {
      const created = await reportBug(deps, request.auth?.userId ?? null, request.body, idempotencyKey(request));
      return reply.code(201).send(created);
    },
  );
}
