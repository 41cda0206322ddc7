import type pg from 'pg';
import type { SourceKind } from '@tracemap/contracts';

/** A source as a pull needs it, sealed credentials included (they never leave the pull). */
export interface PullSource {
  id: string;
  kind: SourceKind;
  propertyId: string | null;
  region: 'us' | 'eu' | null;
  credentials: string | null;
  /** Where the last successful pull stopped (ms), or null. */
  pulledUntil: number | null;
}

export async function findPullSource(
  db: pg.ClientBase,
  companyId: string,
  sourceId: string,
): Promise<PullSource | null> {
  const { rows } = await db.query<{
    id: string;
    kind: SourceKind;
    property_id: string | null;
    region: 'us' | 'eu' | null;
    credentials: string | null;
    pulled_until: Date | null;
  }>(
    `SELECT s.id, s.kind, s.property_id, s.region, s.credentials, p.pulled_until
       FROM insights.sources s LEFT JOIN insights.source_pulls p ON p.source_id = s.id
      WHERE s.company_id = $1 AND s.id = $2`,
    [companyId, sourceId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    propertyId: row.property_id,
    region: row.region,
    credentials: row.credentials,
    pulledUntil: row.pulled_until?.getTime() ?? null,
  };
}

/**
 * A pull's run, created running and held by the pull (its lease token) until it ends or hands
 * it to the ingest worker. A download's run has no format until its file is complete: should
 * the process die meanwhile, the ingest worker taking the run over ends it failed rather than
 * reading a file that is not there.
 */
export async function insertPullRun(
  db: pg.ClientBase,
  run: {
    id: string;
    companyId: string;
    sourceId: string;
    requestedFormat: string;
    format: string | null;
    contentType: string;
    filePath: string;
    leaseToken: string;
    leaseSeconds: number;
    createdBy: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO insights.runs (id, company_id, source_id, requested_format, format, content_type, file_name, status,
                                started_at, lease_until, lease_token, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'running', now(), now() + make_interval(secs => $8), $9, $10)`,
    [
      run.id,
      run.companyId,
      run.sourceId,
      run.requestedFormat,
      run.format,
      run.contentType,
      run.filePath,
      run.leaseSeconds,
      run.leaseToken,
      run.createdBy,
    ],
  );
}

/** The downloaded file goes to the ingest worker: the run is queued with it, as an upload's is. */
export async function queueDownloadedRun(
  db: pg.ClientBase,
  run: { id: string; leaseToken: string; format: string; filePath: string; bytes: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE insights.runs SET status = 'queued', format = $3, file_name = $4, bytes = $5, lease_until = NULL,
            lease_token = NULL, updated_at = now()
      WHERE id = $1 AND lease_token = $2 AND status = 'running'`,
    [run.id, run.leaseToken, run.format, run.filePath, run.bytes],
  );
  return rowCount === 1;
}

/** A pull started: the schedule waits its interval from here. */
export async function recordPullAttempt(
  db: pg.ClientBase,
  companyId: string,
  sourceId: string,
  runId: string,
): Promise<void> {
  await db.query(
    `INSERT INTO insights.source_pulls (source_id, company_id, attempted_at, run_id) VALUES ($1, $2, now(), $3)
     ON CONFLICT (source_id) DO UPDATE SET attempted_at = now(), run_id = $3, updated_at = now()`,
    [sourceId, companyId, runId],
  );
}

/** The window up to `until` is read: the next pull starts there. */
export async function recordPulledUntil(
  db: pg.ClientBase,
  companyId: string,
  sourceId: string,
  until: number,
): Promise<void> {
  await db.query(
    `INSERT INTO insights.source_pulls (source_id, company_id, pulled_until) VALUES ($1, $2, $3)
     ON CONFLICT (source_id) DO UPDATE SET pulled_until = greatest(insights.source_pulls.pulled_until, $3), updated_at = now()`,
    [sourceId, companyId, new Date(until)],
  );
}

/** GA4 and Amplitude sources not attempted for `intervalMs`, across companies, claimed (marked attempted) for this process. */
export async function claimDuePulls(
  db: pg.Pool,
  intervalMs: number,
  limit: number,
): Promise<{ sourceId: string; companyId: string }[]> {
  const { rows } = await db.query<{ source_id: string; company_id: string }>(
    'SELECT source_id, company_id FROM insights.claim_due_pulls($1, $2)',
    [intervalMs, limit],
  );
  return rows.map((r) => ({ sourceId: r.source_id, companyId: r.company_id }));
}
