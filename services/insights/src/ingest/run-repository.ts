import type pg from 'pg';
import type { Run, RunError } from '@tracemap/contracts';

/** A run as the worker needs it. */
export interface RunWork {
  id: string;
  companyId: string;
  sourceId: string | null;
  format: string;
  filePath: string;
  bytes: number;
  checkpoint: number;
  status: Run['status'];
}

interface RunRow {
  id: string;
  source_id: string | null;
  format: string | null;
  status: Run['status'];
  bytes: string;
  lines: string;
  events: string;
  bad_lines: string;
  errors: RunError[];
  failure: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  file_name: string;
  checkpoint: string;
}

const COLUMNS = `id, source_id, format, status, bytes, lines, events, bad_lines, errors, failure, created_at, started_at,
  finished_at, file_name, checkpoint`;

export const ERRORS_KEPT = 20;

export function runFromRow(row: RunRow): Run {
  return {
    id: row.id,
    sourceId: row.source_id,
    format: row.format,
    status: row.status,
    bytes: Number(row.bytes),
    lines: Number(row.lines),
    events: Number(row.events),
    badLines: Number(row.bad_lines),
    errors: row.errors,
    failure: row.failure,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export async function insertRun(
  db: pg.ClientBase,
  run: {
    id: string;
    companyId: string;
    sourceId: string | null;
    requestedFormat: string;
    format: string;
    contentType: string;
    filePath: string;
    bytes: number;
    createdBy: string | null;
    idempotencyKey?: string;
    requestHash?: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO insights.runs (id, company_id, source_id, requested_format, format, content_type, file_name, bytes, created_by,
       idempotency_key, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      run.id,
      run.companyId,
      run.sourceId,
      run.requestedFormat,
      run.format,
      run.contentType,
      run.filePath,
      run.bytes,
      run.createdBy,
      run.idempotencyKey ?? null,
      run.requestHash ?? null,
    ],
  );
}

/** The run an earlier upload of this user made with this Idempotency-Key, and what that upload hashed to. */
export async function findRunByIdempotencyKey(
  db: pg.ClientBase,
  userId: string,
  key: string,
): Promise<{ runId: string; requestHash: string | null } | null> {
  const { rows } = await db.query<{ id: string; request_hash: string | null }>(
    `SELECT id, request_hash FROM insights.runs WHERE created_by = $1 AND idempotency_key = $2`,
    [userId, key],
  );
  return rows[0] ? { runId: rows[0].id, requestHash: rows[0].request_hash } : null;
}

export async function findRun(db: pg.ClientBase, id: string): Promise<Run | null> {
  const { rows } = await db.query<RunRow>(`SELECT ${COLUMNS} FROM insights.runs WHERE id = $1`, [id]);
  return rows[0] ? runFromRow(rows[0]) : null;
}

export async function findRunWork(db: pg.ClientBase, id: string): Promise<RunWork | null> {
  const { rows } = await db.query<RunRow & { company_id: string }>(
    `SELECT ${COLUMNS}, company_id FROM insights.runs WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    sourceId: row.source_id,
    format: row.format ?? '',
    filePath: row.file_name,
    bytes: Number(row.bytes),
    checkpoint: Number(row.checkpoint),
    status: row.status,
  };
}

/** Newest first, after the run `afterId` (which keeps its place however precise its timestamp). */
export async function listRuns(db: pg.ClientBase, page: { afterId?: string; limit: number }): Promise<Run[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT ${COLUMNS} FROM insights.runs
      WHERE $1::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM insights.runs WHERE id = $1)
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [page.afterId ?? null, page.limit],
  );
  return rows.map(runFromRow);
}

export interface BatchProgress {
  lines: number;
  events: number;
  badLines: number;
  errors: RunError[];
  checkpoint: number;
}

/**
 * Adds a batch's counts and moves the checkpoint, only while this worker
 * still holds the run (not cancelled, lease not taken over). False otherwise,
 * and the caller rolls the batch back.
 */
export async function advanceRun(
  db: pg.ClientBase,
  run: { id: string; leaseToken: string; leaseSeconds: number },
  progress: BatchProgress,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE insights.runs
        SET lines = lines + $3, events = events + $4, bad_lines = bad_lines + $5,
            errors = CASE WHEN jsonb_array_length(errors) >= ${ERRORS_KEPT} THEN errors ELSE
              (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM
                (SELECT e FROM jsonb_array_elements(errors || $6::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n LIMIT ${ERRORS_KEPT}) kept)
            END,
            checkpoint = $7, lease_until = now() + make_interval(secs => $8), updated_at = now()
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [
      run.id,
      run.leaseToken,
      progress.lines,
      progress.events,
      progress.badLines,
      JSON.stringify(progress.errors),
      progress.checkpoint,
      run.leaseSeconds,
    ],
  );
  return rowCount === 1;
}

/**
 * Keeps a run this worker still works on (a long batch, a pull's download), so no other
 * worker takes it over; a dead worker stops renewing and its run is resumed once the lease ends.
 */
export async function extendRunLease(
  db: pg.ClientBase,
  run: { id: string; leaseToken: string; leaseSeconds: number },
): Promise<void> {
  await db.query(
    `UPDATE insights.runs SET lease_until = now() + make_interval(secs => $3), updated_at = now()
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [run.id, run.leaseToken, run.leaseSeconds],
  );
}

/** Ends a run this worker holds; false when it was cancelled or taken over meanwhile. */
export async function finishRun(
  db: pg.ClientBase,
  run: { id: string; leaseToken: string },
  outcome: { status: 'succeeded' | 'failed'; failure?: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE insights.runs SET status = $3, failure = $4, finished_at = now(), lease_until = NULL, updated_at = now()
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [run.id, run.leaseToken, outcome.status, outcome.failure ?? null],
  );
  return rowCount === 1;
}

/** Hands a run back to the queue at its checkpoint (the worker is stopping). */
export async function releaseRun(db: pg.ClientBase, run: { id: string; leaseToken: string }): Promise<void> {
  await db.query(
    `UPDATE insights.runs SET status = 'queued', lease_until = NULL, lease_token = NULL, updated_at = now()
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [run.id, run.leaseToken],
  );
}

/** Cancels a run that has not ended; the worker sees it at its next batch. */
export async function cancelRun(db: pg.ClientBase, id: string): Promise<Run | null> {
  await db.query(
    `UPDATE insights.runs SET status = 'cancelled', finished_at = now(), lease_until = NULL, updated_at = now()
      WHERE id = $1 AND status IN ('queued', 'running')`,
    [id],
  );
  return findRun(db, id);
}
