import type pg from 'pg';
import { assertIdentifier } from '@tracemap/service-kit';
import type { OutboxRow, OutboxStatus } from './outbox-repository';
import { renderEmail } from './render-email';

export interface OutboxEntry {
  id: string;
  template: string;
  to: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  subject: string;
  text: string;
  html: string;
}

/** Newest first, rendered, for a dev mailbox or the admin email page. */
export async function listOutbox(
  pool: Pick<pg.Pool, 'query'>,
  schema: string,
  options: { limit?: number; recipient?: string } = {},
): Promise<OutboxEntry[]> {
  assertIdentifier(schema);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const { rows } = await pool.query<OutboxRow>(
    `SELECT * FROM ${schema}.outbox
      WHERE ($2::text IS NULL OR recipient = $2)
      ORDER BY created_at DESC, id
      LIMIT $1`,
    [limit, options.recipient ?? null],
  );
  return rows.map((row) => {
    const rendered = renderEmail(row.template, row.data);
    return {
      id: row.id,
      template: row.template,
      to: row.recipient,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      messageId: row.message_id,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at ? row.sent_at.toISOString() : null,
      nextAttemptAt: row.next_attempt_at.toISOString(),
      ...rendered,
    };
  });
}
