import type pg from 'pg';
import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';

/** The database role every request's queries run as: owns nothing, cannot bypass row security (migration 001). */
export const APP_ROLE = 'integrations_app';

/** The statement naming the role and the company for row security. */
export function tenantSettings(companyId: string): string {
  return roleSettingsStatement(APP_ROLE, { 'app.company_id': companyId });
}

/** One transaction as the app role, with the company named for row security. */
export function tenantTransaction<T>(
  pool: pg.Pool,
  companyId: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return roleTransaction(pool, tenantSettings(companyId), work);
}
