import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SyncRunSummary, SyncSetView } from '@tracemap/contracts';
import { listSetRunSummaries } from './run-repository';

interface OpenRun {
  id: string;
  destination_id: string;
  set_id: string;
}

/** The destinations' runs still queued or running (at most one each). */
export async function openRunsOf(client: pg.PoolClient, companyId: string, destinationIds: string[]) {
  const { rows } = await client.query<OpenRun>(
    `SELECT id, destination_id, set_id FROM integrations.destination_runs
      WHERE company_id = $1 AND destination_id = ANY($2::uuid[]) AND status IN ('queued', 'running')`,
    [companyId, destinationIds],
  );
  return rows;
}

/** A new set with one queued run per destination; the run ids come back in the destinations' order. */
export async function insertSyncSet(
  client: pg.PoolClient,
  companyId: string,
  userId: string,
  destinationIds: string[],
): Promise<{ setId: string; runIds: string[] }> {
  const setId = randomUUID();
  const runIds = destinationIds.map(() => randomUUID());
  await client.query(
    `INSERT INTO integrations.destination_sync_sets (id, company_id, requested_by) VALUES ($1, $2, $3)`,
    [setId, companyId, userId],
  );
  await client.query(
    `INSERT INTO integrations.destination_runs (id, company_id, destination_id, set_id, requested_by)
     SELECT r.id, $1, r.destination_id, $2, $3
       FROM unnest($4::uuid[], $5::uuid[]) AS r(id, destination_id)`,
    [companyId, setId, userId, runIds, destinationIds],
  );
  return { setId, runIds };
}

/** How many runs the set has (an answer to a repeated ask must be the whole set, not part of a larger one). */
export async function countSetRuns(client: pg.PoolClient, setId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM integrations.destination_runs WHERE set_id = $1`,
    [setId],
  );
  return rows[0]?.n ?? 0;
}

export async function findRunSet(client: pg.PoolClient, runId: string): Promise<string | null> {
  const { rows } = await client.query<{ set_id: string }>(
    `SELECT set_id FROM integrations.destination_runs WHERE id = $1`,
    [runId],
  );
  return rows[0]?.set_id ?? null;
}

/** The set's kept snapshot (gzip-compressed JSON) and how many runs it has; null when the set is gone. */
export async function readSetSnapshot(
  client: pg.PoolClient,
  setId: string,
): Promise<{ gzip: Buffer | null; runs: number } | null> {
  const { rows } = await client.query<{ snapshot_gzip: Buffer | null; runs: number }>(
    `SELECT s.snapshot_gzip,
            (SELECT count(*)::int FROM integrations.destination_runs r WHERE r.set_id = s.id) AS runs
       FROM integrations.destination_sync_sets s WHERE s.id = $1`,
    [setId],
  );
  return rows[0] ? { gzip: rows[0].snapshot_gzip, runs: rows[0].runs } : null;
}

/**
 * Records the plan version the set pushes and keeps its compressed snapshot, unless another run
 * of the set kept one first: answers 'kept', 'taken' (read the set's) or 'gone'. Without a
 * snapshot (a set of one) only the version is recorded.
 */
export async function keepSetSnapshot(
  client: pg.PoolClient,
  setId: string,
  version: string,
  gzip: Buffer | null,
): Promise<'kept' | 'taken' | 'gone'> {
  const { rowCount } = await client.query(
    `UPDATE integrations.destination_sync_sets SET plan_version = $2, snapshot_gzip = $3
      WHERE id = $1 AND snapshot_gzip IS NULL`,
    [setId, version, gzip],
  );
  if (rowCount) return 'kept';
  const { rows } = await client.query(`SELECT 1 FROM integrations.destination_sync_sets WHERE id = $1`, [setId]);
  return rows.length > 0 ? 'taken' : 'gone';
}

/** Waits for the set's other runs finishing at the same moment, so exactly one of them sees the set complete. */
export async function lockSet(client: pg.PoolClient, setId: string): Promise<void> {
  await client.query(`SELECT id FROM integrations.destination_sync_sets WHERE id = $1 FOR UPDATE`, [setId]);
}

/** Once no run of the set is open: marks it finished, drops its snapshot and says whether every run succeeded. */
export async function settleSet(client: pg.PoolClient, setId: string): Promise<'open' | 'succeeded' | 'failed'> {
  const { rows } = await client.query<{ open: number; unsuccessful: number }>(
    `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open,
            count(*) FILTER (WHERE status <> 'succeeded')::int AS unsuccessful
       FROM integrations.destination_runs WHERE set_id = $1`,
    [setId],
  );
  const { open, unsuccessful } = rows[0] ?? { open: 0, unsuccessful: 0 };
  if (open > 0) return 'open';
  await client.query(
    `UPDATE integrations.destination_sync_sets SET finished_at = coalesce(finished_at, now()), snapshot_gzip = NULL
      WHERE id = $1`,
    [setId],
  );
  return unsuccessful === 0 ? 'succeeded' : 'failed';
}

/** Sets left with no open run once a destination (and its runs) went away: finished, snapshot dropped. */
export async function settleOrphanedSets(client: pg.PoolClient, companyId: string): Promise<void> {
  await client.query(
    `UPDATE integrations.destination_sync_sets s SET finished_at = now(), snapshot_gzip = NULL
      WHERE s.company_id = $1 AND s.finished_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM integrations.destination_runs r
                         WHERE r.set_id = s.id AND r.status IN ('queued', 'running'))`,
    [companyId],
  );
}

function statusOf(runs: SyncRunSummary[]): SyncSetView['status'] {
  if (runs.some((run) => run.status === 'queued' || run.status === 'running')) return 'running';
  return runs.length > 0 && runs.every((run) => run.status === 'succeeded') ? 'succeeded' : 'failed';
}

export async function findSyncSet(
  client: pg.PoolClient,
  companyId: string,
  setId: string,
): Promise<SyncSetView | null> {
  const { rows } = await client.query<{
    id: string;
    plan_version: string | null;
    created_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT id, plan_version, created_at, finished_at FROM integrations.destination_sync_sets
      WHERE company_id = $1 AND id = $2`,
    [companyId, setId],
  );
  const set = rows[0];
  if (!set) return null;
  const runs = await listSetRunSummaries(client, companyId, setId);
  const status = statusOf(runs);
  return {
    id: set.id,
    status,
    planVersion: set.plan_version,
    createdAt: set.created_at.toISOString(),
    finishedAt: status === 'running' ? null : (set.finished_at?.toISOString() ?? null),
    runs,
  };
}
