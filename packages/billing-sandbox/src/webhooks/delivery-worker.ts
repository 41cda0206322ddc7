import http from 'node:http';
import https from 'node:https';
import type pg from 'pg';
import type { SandboxTables } from '../tables';
import { signaturesHeader } from './sign-payload';

export interface DeliveryLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DeliveryWorkerOptions {
  pool: pg.Pool;
  /** Where the events to deliver are (the host's schema). */
  tables: SandboxTables;
  /** Resolved at each delivery: the default target is this service's own port, known only once it listens. */
  url: () => string | null;
  secret: string;
  logger: DeliveryLogger;
  retryBaseMs: number;
  retryMaxMs?: number;
  pollMs?: number;
  leaseMs?: number;
  timeoutMs?: number;
  /** Retries stop after this long, as the provider gives up after three days. */
  giveUpAfterMs?: number;
}

export interface DeliveryWorker {
  wake(): void;
  /** Delivers everything due now; returns when nothing due is left. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  claim_token: string;
  attempts: number;
  data: unknown;
  age_ms: number;
}

function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error('webhook delivery timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Delivers sandbox events as signed webhooks, oldest first, at least once:
 * rows are leased (SKIP LOCKED) so replicas and restarts neither lose nor
 * double-hold them, and a non-2xx answer or a network error is retried with
 * exponential backoff until it succeeds or the give-up time has passed.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { events } = options.tables;
  const pollMs = options.pollMs ?? 1000;
  // One delivery at a time, each bounded by its timeout, so a lease well above
  // the timeout needs no heartbeat: it only runs out when a worker died.
  const leaseMs = options.leaseMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryMaxMs = options.retryMaxMs ?? 60 * 60 * 1000;
  const giveUpAfterMs = options.giveUpAfterMs ?? 3 * 24 * 60 * 60 * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  // A retry due before the next poll is looked for when it is due, not a poll later.
  let soonestRetryMs = Infinity;

  async function claim(): Promise<Claimed | null> {
    const { rows } = await options.pool.query<Claimed>(
      `UPDATE ${events} e
          SET delivery_status = 'sending', attempts = e.attempts + 1, claim_token = gen_random_uuid(),
              locked_until = now() + $1 * interval '1 millisecond'
        WHERE e.id = (
          SELECT id FROM ${events}
           WHERE (delivery_status = 'pending' AND next_attempt_at <= now())
              OR (delivery_status = 'sending' AND locked_until < now())
           ORDER BY seq LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING e.id, e.claim_token, e.attempts, e.data,
                  (extract(epoch FROM now() - e.inserted_at) * 1000)::bigint AS age_ms`,
      [leaseMs],
    );
    return rows[0] ?? null;
  }

  async function finish(row: Claimed, error: string | null): Promise<void> {
    if (error === null) {
      await options.pool.query(
        `UPDATE ${events} SET delivery_status = 'delivered', delivered_at = now(), locked_until = NULL, last_error = NULL
          WHERE id = $1 AND claim_token = $2`,
        [row.id, row.claim_token],
      );
      return;
    }
    const giveUp = Number(row.age_ms) > giveUpAfterMs;
    const delay = Math.min(retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, row.attempts - 1));
    if (!giveUp) soonestRetryMs = Math.min(soonestRetryMs, delay);
    await options.pool.query(
      `UPDATE ${events}
          SET delivery_status = $3, last_error = $4, locked_until = NULL, next_attempt_at = now() + $5 * interval '1 millisecond'
        WHERE id = $1 AND claim_token = $2`,
      [row.id, row.claim_token, giveUp ? 'failed' : 'pending', error.slice(0, 500), delay],
    );
    (giveUp ? options.logger.error : options.logger.warn).call(
      options.logger,
      { eventId: row.id, attempts: row.attempts, err: error },
      'sandbox webhook delivery failed',
    );
  }

  async function deliver(row: Claimed): Promise<void> {
    const url = options.url();
    if (!url) return finish(row, 'no webhook address yet');
    const payload = JSON.stringify(row.data, null, 2);
    try {
      const status = await post(
        url,
        payload,
        {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signaturesHeader(payload, options.secret),
        },
        timeoutMs,
      );
      await finish(row, status >= 200 && status < 300 ? null : `answered ${status}`);
    } catch (error) {
      await finish(row, (error as Error).message);
    }
  }

  async function round(): Promise<number> {
    let delivered = 0;
    for (let i = 0; i < 50 && !stopped; i++) {
      const row = await claim();
      if (!row) break;
      await deliver(row);
      delivered++;
    }
    return delivered;
  }

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      enqueue(round)
        .catch((error) => options.logger.error({ err: (error as Error).message }, 'sandbox webhook round failed'))
        .finally(() => {
          const next = Math.min(pollMs, soonestRetryMs);
          soonestRetryMs = Infinity;
          schedule(next);
        });
    }, delay);
    timer.unref?.();
  }
  schedule(0);

  return {
    wake: () => schedule(0),
    async drain() {
      while ((await enqueue(round)) > 0) {
        /* until nothing due is left */
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
    },
  };
}
