import type pg from 'pg';
import type { EmailData, TemplateName } from './templates/types';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxRow {
  id: string;
  template: TemplateName;
  recipient: string;
  data: EmailData;
  dedupe_key: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  message_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  claim_token: string | null;
}

/** A row this worker holds: its id and the token of this claim. */
export interface Claim {
  id: string;
  claim_token: string | null;
}

/**
 * Takes due rows for this worker in one short transaction. SKIP LOCKED lets
 * several workers (or replicas) share the table without taking the same row;
 * the lease (`locked_until`) hands a row stuck in `sending` by a crashed
 * worker to another one once it runs out. The lease is short and renewed
 * while the worker lives, so a crash delays an email by one lease only.
 */
export async function claimDue(pool: pg.Pool, schema: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OutboxRow>(
      `UPDATE ${schema}.outbox o
          SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + $2 * interval '1 millisecond',
              claim_token = gen_random_uuid()
        WHERE o.id IN (
          SELECT id FROM ${schema}.outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND locked_until < now())
           ORDER BY next_attempt_at
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING o.*`,
      [limit, leaseMs],
    );
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The heartbeat: extends the lease of the rows this worker still holds and
 * returns their ids. A row missing from the answer was taken over (its lease
 * ran out) and must not be sent or written by this worker any more.
 */
export async function renewLeases(
  pool: pg.Pool,
  schema: string,
  claims: Claim[],
  leaseMs: number,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const { rows } = await pool.query<{ id: string }>(
    `UPDATE ${schema}.outbox o
        SET locked_until = now() + $3 * interval '1 millisecond'
       FROM unnest($1::uuid[], $2::uuid[]) AS c(id, token)
      WHERE o.id = c.id AND o.claim_token = c.token AND o.status = 'sending'
      RETURNING o.id`,
    [claims.map((c) => c.id), claims.map((c) => c.claim_token), leaseMs],
  );
  return new Set(rows.map((r) => r.id));
}

export async function markSent(pool: pg.Pool, schema: string, claim: Claim, messageId: string): Promise<void> {
  await pool.query(
    `UPDATE ${schema}.outbox
        SET status = 'sent', message_id = $3, sent_at = now(), locked_until = NULL, last_error = NULL
      WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
    [claim.id, claim.claim_token, messageId],
  );
}

export async function markFailedAttempt(
  pool: pg.Pool,
  schema: string,
  claim: Claim,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  if (retryInMs === null) {
    await pool.query(
      `UPDATE ${schema}.outbox SET status = 'failed', last_error = $3, locked_until = NULL
        WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
      [claim.id, claim.claim_token, error],
    );
    return;
  }
  await pool.query(
    `UPDATE ${schema}.outbox
        SET status = 'pending', last_error = $3, locked_until = NULL,
            next_attempt_at = now() + $4 * interval '1 millisecond'
      WHERE id = $1 AND claim_token = $2 AND status = 'sending'`,
    [claim.id, claim.claim_token, error, retryInMs],
  );
}
