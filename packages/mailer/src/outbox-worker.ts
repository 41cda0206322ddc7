import nodemailer, { type Transporter } from 'nodemailer';
import type pg from 'pg';
import { assertIdentifier } from '@tracemap/service-kit';
import { claimDue, markFailedAttempt, markSent, renewLeases, type OutboxRow } from './outbox-repository';
import { renderEmail } from './render-email';

export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxWorkerOptions {
  pool: pg.Pool;
  schema: string;
  /** e.g. smtp://127.0.0.1:1025. Without it, emails are kept in the outbox only (dev mailbox). */
  smtpUrl?: string;
  from: string;
  logger: WorkerLogger;
  /** How often due rows are looked for. */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a row is given up as `failed`. */
  maxAttempts?: number;
  /** First retry delay; doubles with each attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * How long a claimed row belongs to this worker without news from it. The
   * worker renews the lease while it holds rows, so this bounds how long a
   * crashed worker's email waits, not how long a send may take.
   */
  leaseMs?: number;
  /** How often held leases are renewed; a third of the lease by default. */
  heartbeatMs?: number;
  /** SMTP connection/greeting timeout. */
  smtpTimeoutMs?: number;
}

export interface OutboxWorker {
  /** Stops polling, waits for the round in progress and closes SMTP connections. */
  stop(): Promise<void>;
  /** Delivers everything due now and returns when nothing due is left. */
  drain(): Promise<void>;
  /** Looks for due rows now instead of at the next poll (e.g. right after a commit). */
  wake(): void;
}

/** Short, so an email a crashed worker held is taken over within seconds. */
export const DEFAULT_LEASE_MS = 15_000;

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match ? match[1] : 'tracemap.local';
}

/**
 * Delivers the outbox: claims due rows, sends each through SMTP with a
 * Message-ID derived from the row id (so a resend after a crash between
 * "sent" and "marked sent" is recognisable as the same email), and retries
 * failures with exponential backoff until `maxAttempts`.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const schema = assertIdentifier(options.schema);
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60 * 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(leaseMs / 3));
  const timeoutMs = options.smtpTimeoutMs ?? 10000;
  const domain = senderDomain(options.from);
  const { logger } = options;

  const transporter: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      } as nodemailer.TransportOptions)
    : nodemailer.createTransport({ jsonTransport: true });
  if (!options.smtpUrl) logger.info({ schema }, 'no SMTP_URL: emails are kept in the outbox only');

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Rounds run one after another, never overlapping, so drain() can wait for them.
  let chain: Promise<unknown> = Promise.resolve();

  async function deliver(row: OutboxRow): Promise<void> {
    const messageId = `<${row.id}@${domain}>`;
    try {
      const rendered = renderEmail(row.template, row.data);
      const info = await transporter.sendMail({
        from: options.from,
        to: row.recipient,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId,
        headers: { 'X-Tracemap-Template': row.template },
      });
      await markSent(options.pool, schema, row, info.messageId || messageId);
    } catch (error) {
      const message = (error as Error).message.slice(0, 1000);
      const giveUp = row.attempts >= maxAttempts;
      await markFailedAttempt(
        options.pool,
        schema,
        row,
        message,
        giveUp ? null : retryDelayMs(row.attempts, retryBaseMs, retryMaxMs),
      );
      (giveUp ? logger.error : logger.warn).call(
        logger,
        { outboxId: row.id, attempts: row.attempts, err: message },
        giveUp ? 'email given up' : 'email delivery failed; will retry',
      );
    }
  }

  /**
   * One round; returns how many rows it claimed. While it runs, a heartbeat
   * renews the lease of every row not yet finished, so a slow send keeps its
   * row (and the rows queued behind it) instead of another worker sending
   * them too.
   */
  async function round(): Promise<number> {
    const rows = await claimDue(options.pool, schema, batchSize, leaseMs);
    if (rows.length === 0) return 0;
    const held = new Map(rows.map((row) => [row.id, row]));
    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      renewLeases(options.pool, schema, [...held.values()], leaseMs)
        .catch((error) => logger.warn({ err: (error as Error).message, schema }, 'outbox lease renewal failed'))
        .finally(() => (beating = false));
    }, heartbeatMs);
    heartbeat.unref?.();
    try {
      for (const row of rows) {
        // Checked again right before sending: a row whose lease ran out meanwhile belongs to someone else.
        const stillHeld = await renewLeases(options.pool, schema, [row], leaseMs);
        if (stillHeld.has(row.id)) await deliver(row);
        else
          logger.warn({ outboxId: row.id, schema }, 'outbox lease lost before sending; another worker has this email');
        held.delete(row.id);
      }
    } finally {
      clearInterval(heartbeat);
    }
    return rows.length;
  }

  function enqueueRound<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      enqueueRound(round)
        .catch((error) => logger.error({ err: (error as Error).message, schema }, 'outbox round failed'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref?.();
  }
  schedule(0);

  return {
    async drain() {
      for (;;) {
        const claimed = await enqueueRound(round);
        if (claimed === 0) return;
      }
    },
    wake() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
      transporter.close();
    },
  };
}
