import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PlanSnapshot, SyncRunSummary, SyncSetView } from '@tracemap/contracts';
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

export async function readSetSnapshot(client: pg.PoolClient, setId: string): Promise<PlanSnapshot | null> {
  const { rows } = await client.query<{ snapshot: PlanSnapshot | null }>(
    `SELECT snapshot FROM integrations.destination_sync_sets WHERE id = $1`,
    [setId],
  );
  return rows[0]?.snapshot ?? null;
}

/**
 * Keeps the snapshot for the set unless another run of it kept one first, and answers the one
 * kept: runs starting together each push the same version.
 */
export async function keepSetSnapshot(
  client: pg.PoolClient,
  setId: string,
  snapshot: PlanSnapshot,
): Promise<PlanSnapshot | null> {
  const { rows } = await client.query<{ snapshot: PlanSnapshot }>(
    `UPDATE integrations.destination_sync_sets
        SET snapshot = coalesce(snapshot, $2::jsonb), plan_version = coalesce(plan_version, $3)
      WHERE id = $1 RETURNING snapshot`,
    [setId, JSON.stringify(snapshot), snapshot.version],
  );
  return rows[0]?.snapshot ?? null;
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
    `UPDATE integrations.destination_sync_sets SET finished_at = coalesce(finished_at, now()), snapshot = NULL
      WHERE id = $1`,
    [setId],
  );
  return unsuccessful === 0 ? 'succeeded' : 'failed';
}

/** Sets left with no open run once a destination (and its runs) went away: finished, snapshot dropped. */
export async function settleOrphanedSets(client: pg.PoolClient, companyId: string): Promise<void> {
  await client.query(
    `UPDATE integrations.destination_sync_sets s SET finished_at = now(), snapshot = NULL
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
