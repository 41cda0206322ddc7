import path from 'node:path';
import { migrateSchema, type Queryable } from '@tracemap/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { TrialQueue } from '../core/deps';
import type { Peers } from '../core/peers';
import { grantToAppRole } from '../core/tenant';

const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'migrations-billing');

/** Creates the trial request table (its own migration list) and lets the app role queue rows. */
export async function migrateTrialRequests(db: pg.Pool): Promise<void> {
  await migrateSchema(db, 'company', MIGRATIONS_DIR, { table: 'billing_migrations' });
  await grantToAppRole(db, 'company.trial_requests');
}

/** Queued in the company's creating transaction: commits with it or not at all. */
async function queueTrialRequest(client: Queryable, companyId: string, creatorUserId: string): Promise<void> {
  await client.query(
    `INSERT INTO company.trial_requests (company_id, creator_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [companyId, creatorUserId],
  );
}

/** The trial is on its way: the company was just created and billing has not answered yet. */
export async function hasPendingTrial(db: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM company.trial_requests WHERE company_id = $1 AND done_at IS NULL`, [
    companyId,
  ]);
  return rows.length > 0;
}

const MAX_DELAY_MS = 5 * 60 * 1000;

/**
 * Hands queued trial requests to the subscription service, at least once: a row is done
 * only after billing answered, and billing's start-trial is idempotent, so a crash between
 * the two just asks again once the claim's lease runs out. Failures wait longer each time
 * (up to 5 minutes).
 */
export function createTrialWorker(options: {
  db: pg.Pool;
  peers: Peers;
  log: FastifyBaseLogger;
  pollMs: number;
}): TrialQueue {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let started = false;
  let stopped = false;

  // Claimed rows wait this long before another worker (or this one after a crash) asks again.
  const LEASE = '30 seconds';

  /**
   * Claims the next due request by moving its next attempt a lease ahead, in a statement of its
   * own: no transaction stays open while billing is asked (on the embedded database one open
   * transaction holds the backend every service shares, billing included).
   */
  async function handOverOne(): Promise<boolean> {
    const { rows } = await options.db.query<{ company_id: string; creator_user_id: string; attempts: number }>(
      `UPDATE company.trial_requests t SET next_attempt_at = now() + interval '${LEASE}'
        WHERE t.company_id = (
          SELECT company_id FROM company.trial_requests
           WHERE done_at IS NULL AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING t.company_id, t.creator_user_id, t.attempts`,
    );
    const row = rows[0];
    if (!row) return false;
    try {
      await options.peers.startTrial(row.company_id, row.creator_user_id);
      await options.db.query(
        `UPDATE company.trial_requests SET done_at = now(), last_error = NULL WHERE company_id = $1`,
        [row.company_id],
      );
    } catch (error) {
      const delay = Math.min(1000 * 2 ** row.attempts, MAX_DELAY_MS);
      options.log.warn({ err: error, companyId: row.company_id }, 'trial start failed; trying again later');
      await options.db.query(
        `UPDATE company.trial_requests SET attempts = attempts + 1, next_attempt_at = now() + ($2 || ' milliseconds')::interval, last_error = $3
          WHERE company_id = $1`,
        [row.company_id, String(delay), String((error as Error).message ?? error).slice(0, 500)],
      );
    }
    return true;
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (!stopped && (await handOverOne())) handled += 1;
    return handled;
  }

  function run(): Promise<number> {
    running ??= drain()
      .catch((error) => {
        options.log.warn({ err: error }, 'trial worker round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void run().then(schedule), options.pollMs);
    timer.unref();
  }

  return {
    request: queueTrialRequest,
    start() {
      if (started) return;
      started = true;
      schedule();
    },
    wake: () => {
      if (started) void run();
    },
    drain: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
