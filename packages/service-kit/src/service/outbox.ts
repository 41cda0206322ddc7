import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OutboxEmailAnswer,
  OutboxEmailParams,
  OutboxListAnswer,
  OutboxQuerySchema,
  OutboxResendAnswer,
  OutboxStatsAnswer,
  type OutboxEmailSummary,
  type OutboxQuery,
} from '@tracemap/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { requireServiceToken } from '../auth/require-service-token';
import { AppError, notFound } from '../errors';
import type { MailConfig } from './config-pieces';

export interface RunningOutbox {
  stop(): Promise<void>;
  drain(): Promise<void>;
  wake(): void;
}

/**
 * What the kit needs from the email outbox (the mailer package implements it;
 * the mailer depends on this kit, so the kit names the shape instead of
 * importing it).
 */
export interface OutboxImplementation {
  migrate(pool: pg.Pool, schema: string): Promise<unknown>;
  startWorker(options: {
    pool: pg.Pool;
    schema: string;
    smtpUrl?: string;
    from: string;
    logger: FastifyBaseLogger;
    pollMs?: number;
  }): RunningOutbox;
  search(db: pg.Pool, schema: string, query: OutboxQuery): Promise<OutboxEmailSummary[]>;
  stats(db: pg.Pool, schema: string): Promise<OutboxStatsAnswer>;
  get(db: pg.Pool, schema: string, id: string): Promise<OutboxEmailAnswer | null>;
  resend(
    db: pg.Pool,
    schema: string,
    id: string,
  ): Promise<OutboxResendAnswer | { outcome: 'not_found' } | { outcome: 'not_failed' }>;
  /** Emails not yet sent and the wait of the oldest due one, for the metrics. */
  backlog?(db: pg.Pool, schema: string): Promise<{ waiting: number; oldestDueSeconds: number }>;
}

/** The service's outbox worker, as routes, use cases and tests reach it. */
export interface OutboxHandle {
  /** Starts delivering (the kit does at ready when OUTBOX_WORKER is on); a test may point it elsewhere. */
  start(overrides?: { smtpUrl?: string; pollMs?: number }): void;
  /** Looks for due emails now rather than at the next poll (after a commit that queued one). */
  wake(): void;
  /** Delivers everything due now. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function outboxHandle(
  implementation: OutboxImplementation,
  pool: pg.Pool,
  schema: string,
  config: MailConfig,
  log: FastifyBaseLogger,
): OutboxHandle {
  let worker: RunningOutbox | null = null;
  return {
    start(overrides = {}) {
      if (worker) return;
      worker = implementation.startWorker({
        pool,
        schema,
        smtpUrl: 'smtpUrl' in overrides ? overrides.smtpUrl : config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: log,
        pollMs: overrides.pollMs ?? config.OUTBOX_POLL_MS,
      });
    },
    wake: () => worker?.wake(),
    drain: async () => worker?.drain(),
    async stop() {
      const running = worker;
      worker = null;
      await running?.stop();
    },
  };
}

export { OutboxQuerySchema, type OutboxQuery };

/**
 * The outbox as the product admin's email page reads it from every service
 * that sends mail: search, daily figures, one email, and resending a failed
 * one. Internal only (service token; the gateway never routes /internal).
 */
export async function outboxAdminRoutes(
  parent: FastifyInstance,
  options: { implementation: OutboxImplementation; schema: string; serviceToken: string; outbox: OutboxHandle },
) {
  const { implementation, schema, outbox } = options;
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', requireServiceToken(options.serviceToken));
  app.get(
    '/internal/outbox',
    { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxListAnswer } } },
    async (request) => ({
      emails: await implementation.search(app.db, schema, request.query),
    }),
  );
  app.get('/internal/outbox/stats', { schema: { response: { 200: OutboxStatsAnswer } } }, async () =>
    implementation.stats(app.db, schema),
  );
  app.get(
    '/internal/outbox/:id',
    { schema: { params: OutboxEmailParams, response: { 200: OutboxEmailAnswer } } },
    async (request) => {
      const email = await implementation.get(app.db, schema, request.params.id);
      if (!email) throw notFound('Email not found', 'email_not_found');
      return email;
    },
  );
  app.post(
    '/internal/outbox/:id/resend',
    { schema: { params: OutboxEmailParams, response: { 200: OutboxResendAnswer } } },
    async (request) => {
      const result = await implementation.resend(app.db, schema, request.params.id);
      if (result.outcome === 'not_found') throw notFound('Email not found', 'email_not_found');
      if (result.outcome === 'not_failed')
        throw new AppError(409, 'email_not_failed', 'Only a failed email can be resent.');
      outbox.wake();
      return result;
    },
  );
}
