import { startOutboxWorker, type OutboxWorker } from '@tracemap/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AccountConfig } from './config';

/**
 * The account outbox worker, started by server.ts (and by tests that read
 * the emails) rather than by buildApp, so building an app never sends mail.
 */
export function createOutboxHandle(pool: pg.Pool, config: AccountConfig, log: FastifyBaseLogger) {
  let worker: OutboxWorker | null = null;
  return {
    start(overrides: { smtpUrl?: string; pollMs?: number } = {}) {
      if (worker) return;
      worker = startOutboxWorker({
        pool,
        schema: 'account',
        smtpUrl: 'smtpUrl' in overrides ? overrides.smtpUrl : config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: log,
        pollMs: overrides.pollMs ?? config.OUTBOX_POLL_MS,
      });
    },
    wake() {
      worker?.wake();
    },
    async drain() {
      await worker?.drain();
    },
    async stop() {
      const running = worker;
      worker = null;
      await running?.stop();
    },
  };
}
export type OutboxHandle = ReturnType<typeof createOutboxHandle>;
