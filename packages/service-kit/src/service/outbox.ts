import { Type, type Static } from '@sinclair/typebox';
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
  search(db: pg.Pool, schema: string, query: OutboxQuery): Promise<unknown[]>;
  stats(db: pg.Pool, schema: string): Promise<unknown>;
  get(db: pg.Pool, schema: string, id: string): Promise<unknown | null>;
  resend(
    db: pg.Pool,
    schema: string,
    id: string,
  ): Promise<
    { outcome: 'queued' | 'already_resent'; id: string } | { outcome: 'not_found' } | { outcome: 'not_failed' }
  >;
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

const Uuid = Type.String({ format: 'uuid' });
const strict = { additionalProperties: false } as const;
export const OutboxQuerySchema = Type.Object(
  {
    recipient: Type.Optional(Type.String({ maxLength: 320 })),
    template: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  strict,
);
export type OutboxQuery = Static<typeof OutboxQuerySchema>;
const EmailParams = Type.Object({ id: Uuid }, strict);

/**
 * The outbox as the product admin's email page reads it from every service
 * that sends mail: search, daily figures, one email, and resending a failed
 * one. Internal only (service token; the gateway never routes /internal).
 */
export async function outboxAdminRoutes(
  app: FastifyInstance,
  options: { implementation: OutboxImplementation; schema: string; serviceToken: string; outbox: OutboxHandle },
) {
  const { implementation, schema, outbox } = options;
  app.addHook('onRequest', requireServiceToken(options.serviceToken));
  app.get<{ Querystring: OutboxQuery }>(
    '/internal/outbox',
    { schema: { querystring: OutboxQuerySchema } },
    async (request) => ({
      emails: await implementation.search(app.db, schema, request.query),
    }),
  );
  app.get('/internal/outbox/stats', async () => implementation.stats(app.db, schema));
  app.get<{ Params: Static<typeof EmailParams> }>(
    '/internal/outbox/:id',
    { schema: { params: EmailParams } },
    async (request) => {
      const email = await implementation.get(app.db, schema, request.params.id);
      if (!email) throw notFound('Email not found', 'email_not_found');
      return email;
    },
  );
  app.post<{ Params: Static<typeof EmailParams> }>(
    '/internal/outbox/:id/resend',
    { schema: { params: EmailParams } },
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
