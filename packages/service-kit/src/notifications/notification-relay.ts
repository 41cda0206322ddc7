import path from 'node:path';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATIONS_INTERNAL_PATH, NotificationAccepted, type NotificationBody } from '@tracemap/contracts';
import { migrateSchema } from '../db/migrate';
import { assertIdentifier } from '../db/pool';
import type { InternalClient } from '../internal-client';

const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'notification-migrations');

/** Creates `<schema>.notification_relay` and its burst function, with their own migration bookkeeping. */
export function migrateNotificationRelay(pool: pg.Pool, schema: string): Promise<number[]> {
  return migrateSchema(pool, schema, MIGRATIONS_DIR, { table: 'notification_relay_migrations' });
}

/** A burst taken by the relay: what its changes were, and how many (items stop at 50). */
export interface NotificationBurst {
  id: string;
  companyId: string;
  kind: string;
  burstKey: string;
  items: unknown[];
  itemCount: number;
  firstAt: Date;
}

export interface NotificationRelayOptions {
  pool: pg.Pool;
  schema: string;
  log: FastifyBaseLogger;
  /** The notification a burst becomes; null drops it (nothing worth telling any more). */
  compose: (burst: NotificationBurst) => Promise<NotificationBody | null> | NotificationBody | null;
  /** Hands one notification to the integrations service; throws when it was not taken. */
  post: (body: NotificationBody) => Promise<void>;
  pollMs?: number;
  leaseMs?: number;
  /** Attempts before a burst is given up (kept, with its last error). */
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface NotificationRelay {
  start(): void;
  /** Relays every burst due now; resolves when none is left. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Relays due bursts to the integrations service, each claimed with a lease
 * (several replicas never send one twice at once; a crashed one's burst is
 * taken over when its lease ends), retried with a doubling delay. A burst is
 * closed when claimed: changes made meanwhile open the next one.
 */
export function createNotificationRelay(options: NotificationRelayOptions): NotificationRelay {
  const table = `${assertIdentifier(options.schema)}.notification_relay`;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const retryBaseMs = options.retryBaseMs ?? 2_000;
  const retryMaxMs = options.retryMaxMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  let stopped = false;

  async function claim(): Promise<NotificationBurst[]> {
    const { rows } = await options.pool.query<{
      id: string;
      company_id: string;
      kind: string;
      burst_key: string;
      items: unknown[];
      item_count: number;
      first_at: Date;
    }>(
      `UPDATE ${table} SET open = false, attempts = attempts + 1, lease_until = now() + make_interval(secs => $1)
        WHERE id IN (SELECT id FROM ${table}
                      WHERE sent_at IS NULL AND gave_up_at IS NULL AND due_at <= now()
                        AND (lease_until IS NULL OR lease_until < now())
                      ORDER BY due_at LIMIT 20 FOR UPDATE SKIP LOCKED)
        RETURNING id, company_id, kind, burst_key, items, item_count, first_at`,
      [leaseMs / 1000],
    );
    return rows.map((r) => ({
      id: r.id,
      companyId: r.company_id,
      kind: r.kind,
      burstKey: r.burst_key,
      items: r.items,
      itemCount: r.item_count,
      firstAt: r.first_at,
    }));
  }

  async function relay(burst: NotificationBurst): Promise<void> {
    try {
      const body = await options.compose(burst);
      if (body) await options.post(body);
      await options.pool.query(`UPDATE ${table} SET sent_at = now(), lease_until = NULL WHERE id = $1`, [burst.id]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const { rows } = await options.pool.query<{ attempts: number }>(`SELECT attempts FROM ${table} WHERE id = $1`, [
        burst.id,
      ]);
      const attempts = rows[0]?.attempts ?? maxAttempts;
      const delayMs = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
      await options.pool.query(
        `UPDATE ${table}
            SET lease_until = NULL, last_error = $2, due_at = now() + make_interval(secs => $3),
                gave_up_at = CASE WHEN attempts >= $4 THEN now() END
          WHERE id = $1`,
        [burst.id, message.slice(0, 500), delayMs / 1000, maxAttempts],
      );
      options.log.warn({ err: error, burstId: burst.id, attempts }, 'a notification could not be relayed');
    }
  }

  async function drain(): Promise<void> {
    for (;;) {
      const bursts = await claim();
      if (bursts.length === 0) return;
      for (const burst of bursts) await relay(burst);
    }
  }

  function tick(): void {
    if (stopped) return;
    round ??= drain()
      .catch((error: unknown) => options.log.error({ err: error }, 'the notification relay failed'))
      .finally(() => {
        round = null;
      });
    timer = setTimeout(tick, options.pollMs ?? 2_000);
    timer.unref();
  }

  return {
    start: tick,
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}

/** The relay's `post` through a peer client of the integrations service (service token, timeout, checked answer). */
export function postNotification(integrations: InternalClient): (body: NotificationBody) => Promise<void> {
  return async (body) => {
    await integrations(NOTIFICATIONS_INTERNAL_PATH, { method: 'POST', body, answer: NotificationAccepted });
  };
}
