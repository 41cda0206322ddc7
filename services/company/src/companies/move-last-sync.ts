import { AppError } from '@tracemap/service-kit';
import type { CompanyDeps } from '../core/deps';
import { MESSAGES } from '../core/messages';
import { tenantTransaction } from '../core/tenant';

/**
 * Every destination of the company took the plan (the integrations service says so): lastSync
 * moves to that time, never back, so a late or repeated call changes nothing. Company info
 * shows it from the next read on this replica (other replicas within their info cache's TTL).
 */
export async function moveLastSync(
  deps: Pick<CompanyDeps, 'db' | 'infoCache'>,
  companyId: string,
  at: Date,
): Promise<{ lastSync: string | null }> {
  const rows = await tenantTransaction(deps.db, { companyId }, async (client) => {
    const result = await client.query<{ last_sync: Date | null }>(
      `UPDATE company.companies SET last_sync = greatest(coalesce(last_sync, $2), $2) WHERE id = $1
       RETURNING last_sync`,
      [companyId, at],
    );
    return result.rows;
  });
  if (rows.length === 0) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  deps.infoCache.invalidate(companyId);
  return { lastSync: rows[0].last_sync?.toISOString() ?? null };
}
