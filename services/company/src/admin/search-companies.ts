import type { AdminCompanySummary } from '@tracemap/contracts';
import type { CompanyDeps } from '../core/deps';

/**
 * Product admins look across every company, so this read names no tenant: it
 * runs as the service's own database login, not as the tenant-scoped app role.
 * Only names and member counts leave here; a company's content never does.
 * Proposals' workspaces are parts of their company, not companies of their own.
 */
export async function searchCompanies(
  deps: CompanyDeps,
  query: string,
  limit: number,
): Promise<{ companies: AdminCompanySummary[] }> {
  const pattern = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await deps.db.query<{ id: string; name: string; created_at: Date; member_count: number }>(
    `SELECT c.id, c.name, c.created_at, (SELECT count(*)::int FROM company.memberships m WHERE m.company_id = c.id) AS member_count
       FROM company.companies c
      WHERE c.proposal_of IS NULL AND (c.name ILIKE $1 OR c.id::text = $2)
      ORDER BY c.created_at DESC, c.id
      LIMIT $3`,
    [pattern, query.trim(), limit],
  );
  return {
    companies: rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at.toISOString(),
      memberCount: r.member_count,
    })),
  };
}

export async function countCompanies(deps: CompanyDeps): Promise<{ total: number; newThisWeek: number }> {
  const { rows } = await deps.db.query<{ total: number; week: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS week FROM company.companies WHERE proposal_of IS NULL`,
  );
  return { total: rows[0].total, newThisWeek: rows[0].week };
}
