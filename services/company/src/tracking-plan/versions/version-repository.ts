import type { Queryable } from '@tracemap/service-kit';
import type { NativePlan, PlanVersion } from '@tracemap/contracts';
import { toNativePlan } from '@tracemap/tracking-plan';
import { loadPlan } from '../plan/plan-repository';
import { loadMaps } from '../plan/plan-maps';
import { iso } from '../shared/list-query';

/** The whole plan of a company (or of a proposal's workspace) as a native file, archived items included. */
export async function exportNative(db: Queryable, companyId: string): Promise<NativePlan> {
  const options = { exposedOnly: false, includeArchived: true };
  return toNativePlan({ ...(await loadPlan(db, companyId, options)), maps: await loadMaps(db, companyId, options) });
}

interface VersionRow {
  version: number;
  proposal_id: string | null;
  created_by: string;
  created_at: Date;
}

const toVersion = (row: VersionRow): PlanVersion => ({
  version: row.version,
  proposalId: row.proposal_id,
  createdBy: row.created_by,
  createdAt: iso(row.created_at),
});

export async function latestVersion(
  db: Queryable,
  companyId: string,
): Promise<{ version: number; plan: NativePlan } | null> {
  const { rows } = await db.query<{ version: number; plan: NativePlan }>(
    `SELECT version, plan FROM company.plan_versions WHERE company_id = $1 ORDER BY version DESC LIMIT 1`,
    [companyId],
  );
  return rows[0] ?? null;
}

export async function versionPlan(db: Queryable, companyId: string, version: number): Promise<NativePlan | null> {
  const { rows } = await db.query<{ plan: NativePlan }>(
    `SELECT plan FROM company.plan_versions WHERE company_id = $1 AND version = $2`,
    [companyId, version],
  );
  return rows[0]?.plan ?? null;
}

/**
 * Adds the next version. Numbers come from the company's last one, so two
 * writers racing for the same number meet the primary key and one fails whole.
 */
export async function insertVersion(
  db: Queryable,
  companyId: string,
  entry: { plan: NativePlan; proposalId: string | null; createdBy: string },
): Promise<PlanVersion> {
  const { rows } = await db.query<VersionRow>(
    `INSERT INTO company.plan_versions (company_id, version, plan, proposal_id, created_by)
     SELECT $1, coalesce(max(version), 0) + 1, $2::jsonb, $3, $4 FROM company.plan_versions WHERE company_id = $1
     RETURNING version, proposal_id, created_by, created_at`,
    [companyId, JSON.stringify(entry.plan), entry.proposalId, entry.createdBy],
  );
  return toVersion(rows[0]);
}

export async function listVersions(db: Queryable, companyId: string): Promise<PlanVersion[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT version, proposal_id, created_by, created_at FROM company.plan_versions WHERE company_id = $1 ORDER BY version DESC`,
    [companyId],
  );
  return rows.map(toVersion);
}
