import type pg from 'pg';
import type { OperationOutcome, SyncRunOperation, SyncRunSummary } from '@tracemap/contracts';

interface RunRow {
  id: string;
  destination_id: string;
  set_id: string;
  status: SyncRunSummary['status'];
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
  write_calls: number;
  attempts: number;
  applied: number;
  failed: number;
}

const SUMMARY = `SELECT r.id, r.destination_id, r.set_id, r.status, r.created_at, r.started_at, r.finished_at, r.error,
                        r.write_calls, r.attempts,
                        (SELECT count(*)::int FROM integrations.destination_run_operations o
                          WHERE o.run_id = r.id AND o.status = 'applied') AS applied,
                        (SELECT count(*)::int FROM integrations.destination_run_operations o
                          WHERE o.run_id = r.id AND o.status = 'failed') AS failed
                   FROM integrations.destination_runs r`;

const summaryOf = (row: RunRow): SyncRunSummary => ({
  id: row.id,
  destinationId: row.destination_id,
  setId: row.set_id,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  error: row.error,
  writeCalls: row.write_calls,
  attempts: row.attempts,
  applied: row.applied,
  failed: row.failed,
});

export async function findRunSummary(client: pg.PoolClient, companyId: string, runId: string) {
  const { rows } = await client.query<RunRow>(`${SUMMARY} WHERE r.company_id = $1 AND r.id = $2`, [companyId, runId]);
  return rows[0] ? summaryOf(rows[0]) : null;
}

export async function listRunSummaries(client: pg.PoolClient, companyId: string, destinationId: string, limit = 50) {
  const { rows } = await client.query<RunRow>(
    `${SUMMARY} WHERE r.company_id = $1 AND r.destination_id = $2 ORDER BY r.created_at DESC, r.id LIMIT $3`,
    [companyId, destinationId, limit],
  );
  return rows.map(summaryOf);
}

export async function listSetRunSummaries(client: pg.PoolClient, companyId: string, setId: string) {
  const { rows } = await client.query<RunRow>(
    `${SUMMARY} WHERE r.company_id = $1 AND r.set_id = $2 ORDER BY r.created_at, r.id`,
    [companyId, setId],
  );
  return rows.map(summaryOf);
}

/** Each destination's latest run, by destination id. */
export async function latestRuns(client: pg.PoolClient, companyId: string): Promise<Map<string, SyncRunSummary>> {
  const { rows } = await client.query<RunRow>(
    `${SUMMARY} WHERE r.company_id = $1
       AND r.id IN (SELECT DISTINCT ON (destination_id) id FROM integrations.destination_runs
                     WHERE company_id = $1 ORDER BY destination_id, created_at DESC, id)`,
    [companyId],
  );
  return new Map(rows.map((row) => [row.destination_id, summaryOf(row)]));
}

export async function listRunOperations(client: pg.PoolClient, runId: string): Promise<SyncRunOperation[]> {
  const { rows } = await client.query<{
    action: SyncRunOperation['action'];
    target: string;
    key: string;
    status: SyncRunOperation['status'];
    http_status: number | null;
    error: string | null;
    recorded_at: Date;
  }>(
    `SELECT action, target, key, status, http_status, error, recorded_at
       FROM integrations.destination_run_operations WHERE run_id = $1 ORDER BY seq`,
    [runId],
  );
  return rows.map((row) => ({
    action: row.action,
    target: row.target,
    key: row.key,
    status: row.status,
    httpStatus: row.http_status,
    error: row.error,
    recordedAt: row.recorded_at.toISOString(),
  }));
}

export interface Lease {
  runId: string;
  companyId: string;
  destinationId: string;
  leaseToken: string;
}

/**
 * Keeps the operations' latest outcomes and the lease alive, only while the lease is still
 * ours: answers false when another worker took the run over (this one must stop).
 */
export async function recordOutcomes(
  client: pg.PoolClient,
  lease: Lease,
  outcomes: OperationOutcome[],
  leaseSeconds: number,
): Promise<boolean> {
  const held = await extendLease(client, lease, leaseSeconds);
  if (!held || outcomes.length === 0) return held;
  const column = <T>(pick: (o: OperationOutcome) => T) => outcomes.map(pick);
  await client.query(
    `INSERT INTO integrations.destination_run_operations
       (run_id, company_id, target, key, action, status, http_status, error)
     SELECT $1, $2, o.target, o.key, o.action, o.status, o.http_status, o.error
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[])
         WITH ORDINALITY AS o(target, key, action, status, http_status, error, n)
      ORDER BY o.n
     ON CONFLICT (run_id, target, key) DO UPDATE
       SET action = excluded.action, status = excluded.status, http_status = excluded.http_status,
           error = excluded.error, recorded_at = now(), seq = nextval('integrations.destination_run_operations_seq_seq')`,
    [
      lease.runId,
      lease.companyId,
      column((o) => o.operation.target),
      column((o) => o.operation.key),
      column((o) => o.operation.action),
      column((o) => o.status),
      column((o) => o.httpStatus ?? null),
      column((o) => o.error ?? null),
    ],
  );
  return true;
}

export async function extendLease(client: pg.PoolClient, lease: Lease, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE integrations.destination_runs SET lease_until = now() + make_interval(secs => $3)
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [lease.runId, lease.leaseToken, leaseSeconds],
  );
  return (rowCount ?? 0) > 0;
}
