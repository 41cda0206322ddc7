import type pg from 'pg';
import type { OutboxEmailAnswer, OutboxEmailSummary, OutboxStatsAnswer } from '@tracemap/contracts';
import { assertIdentifier } from '@tracemap/service-kit';
import type { OutboxRow, OutboxStatus } from './outbox-repository';
import { renderEmail } from './render-email';

type Db = Pick<pg.Pool, 'query'>;

// The shapes product admins see are the outbox contract's, so routes and clients share one definition.
/** One outbox row as a product admin sees it in a list (no body). */
export type OutboxSummary = OutboxEmailSummary;
export type OutboxDetail = OutboxEmailAnswer;

export interface OutboxSearch {
  recipient?: string;
  template?: string;
  status?: OutboxStatus;
  limit?: number;
}

const RESEND_PREFIX = 'resend:';

type Row = OutboxRow & { resent_as: string | null };

function summary(row: Row): OutboxSummary {
  return {
    id: row.id,
    template: row.template,
    to: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    resentAs: row.resent_as,
    resendOf: row.dedupe_key?.startsWith(RESEND_PREFIX) ? row.dedupe_key.slice(RESEND_PREFIX.length) : null,
  };
}

const SELECT = (schema: string) =>
  `SELECT o.*, (SELECT r.id FROM ${schema}.outbox r WHERE r.dedupe_key = '${RESEND_PREFIX}' || o.id::text) AS resent_as FROM ${schema}.outbox o`;

/** Newest first; recipient matches a part of the address, case-insensitively. */
export async function searchOutbox(db: Db, schema: string, search: OutboxSearch = {}): Promise<OutboxSummary[]> {
  assertIdentifier(schema);
  const limit = Math.min(Math.max(search.limit ?? 50, 1), 200);
  const { rows } = await db.query<Row>(
    `${SELECT(schema)}
      WHERE ($2::text IS NULL OR o.recipient ILIKE '%' || $2 || '%')
        AND ($3::text IS NULL OR o.template = $3)
        AND ($4::text IS NULL OR o.status = $4)
      ORDER BY o.created_at DESC, o.id
      LIMIT $1`,
    [
      limit,
      search.recipient?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null,
      search.template ?? null,
      search.status ?? null,
    ],
  );
  return rows.map(summary);
}

/** The email as it was rendered for sending (templates render from the stored data). */
export async function getOutboxEmail(db: Db, schema: string, id: string): Promise<OutboxDetail | null> {
  assertIdentifier(schema);
  const { rows } = await db.query<Row>(`${SELECT(schema)} WHERE o.id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  let rendered: { subject: string; text: string; html: string };
  try {
    rendered = renderEmail(row.template, row.data);
  } catch {
    rendered = { subject: `(unknown template ${row.template})`, text: '', html: '' };
  }
  return { ...summary(row), messageId: row.message_id, ...rendered };
}

export type ResendOutcome =
  { outcome: 'queued' | 'already_resent'; id: string } | { outcome: 'not_found' } | { outcome: 'not_failed' };

/**
 * Queues a copy of a failed email. The copy's dedupe key names the original,
 * so a second resend (a double click, a retried request) finds the first copy
 * instead of sending the email twice.
 */
export async function resendFailedEmail(db: Db, schema: string, id: string): Promise<ResendOutcome> {
  assertIdentifier(schema);
  const { rows } = await db.query<{ status: OutboxStatus }>(`SELECT status FROM ${schema}.outbox WHERE id = $1`, [id]);
  if (!rows[0]) return { outcome: 'not_found' };
  if (rows[0].status !== 'failed') return { outcome: 'not_failed' };
  const key = `${RESEND_PREFIX}${id}`;
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO ${schema}.outbox (template, recipient, data, dedupe_key)
     SELECT template, recipient, data, $2 FROM ${schema}.outbox WHERE id = $1
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [id, key],
  );
  if (inserted.rows[0]) return { outcome: 'queued', id: inserted.rows[0].id };
  const existing = await db.query<{ id: string }>(`SELECT id FROM ${schema}.outbox WHERE dedupe_key = $1`, [key]);
  return { outcome: 'already_resent', id: existing.rows[0].id };
}

export type OutboxStats = OutboxStatsAnswer;

export async function outboxStats(db: Db, schema: string, hours = 24): Promise<OutboxStats> {
  assertIdentifier(schema);
  const { rows } = await db.query<{ status: OutboxStatus; n: number }>(
    `SELECT status, count(*)::int AS n FROM ${schema}.outbox WHERE created_at > now() - $1 * interval '1 hour' GROUP BY status`,
    [hours],
  );
  const by = (s: OutboxStatus) => rows.find((r) => r.status === s)?.n ?? 0;
  const buckets = await db.query<{ h: number; n: number }>(
    `SELECT floor(extract(epoch FROM now() - created_at) / 3600)::int AS h, count(*)::int AS n
       FROM ${schema}.outbox WHERE created_at > now() - $1 * interval '1 hour' GROUP BY 1`,
    [hours],
  );
  const hourly = Array.from({ length: hours }, () => 0);
  for (const b of buckets.rows) if (b.h >= 0 && b.h < hours) hourly[hours - 1 - b.h] = b.n;
  return { queued: by('pending') + by('sending'), sent: by('sent'), failed: by('failed'), hourly };
}

/**
 * What the metrics show of the outbox at each scrape: emails not yet sent, and how long the
 * oldest due one has waited (the worker's lag). One pass over the partial index of open rows.
 */
export async function outboxBacklog(db: Db, schema: string): Promise<{ waiting: number; oldestDueSeconds: number }> {
  assertIdentifier(schema);
  const { rows } = await db.query<{ waiting: number; oldest: number }>(
    `SELECT count(*)::int AS waiting,
            coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS oldest
       FROM ${schema}.outbox WHERE status IN ('pending', 'sending')`,
  );
  return { waiting: rows[0]?.waiting ?? 0, oldestDueSeconds: rows[0]?.oldest ?? 0 };
}
