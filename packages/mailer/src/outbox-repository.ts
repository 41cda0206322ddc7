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
}

/**
 * Takes due rows for this worker in one short transaction. SKIP LOCKED lets
 * several workers (or replicas) share the table without taking the same row;
 * the lease (`locked_until`) hands a row stuck in `sending` by a crashed
 * worker to another one later.
 */
export async function claimDue(pool: pg.Pool, schema: string, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OutboxRow>(
      `UPDATE ${schema}.outbox o
          SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + $2 * interval '1 millisecond'
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

export async function markSent(pool: pg.Pool, schema: string, id: string, messageId: string): Promise<void> {
  await pool.query(
    `UPDATE ${schema}.outbox
        SET status = 'sent', message_id = $2, sent_at = now(), locked_until = NULL, last_error = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id, messageId],
  );
}

export async function markFailedAttempt(
  pool: pg.Pool,
  schema: string,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  if (retryInMs === null) {
    await pool.query(
      `UPDATE ${schema}.outbox SET status = 'failed', last_error = $2, locked_until = NULL WHERE id = $1 AND status = 'sending'`,
      [id, error],
    );
    return;
  }
  await pool.query(
    `UPDATE ${schema}.outbox
        SET status = 'pending', last_error = $2, locked_until = NULL,
            next_attempt_at = now() + $3 * interval '1 millisecond'
      WHERE id = $1 AND status = 'sending'`,
    [id, error, retryInMs],
  );
}
