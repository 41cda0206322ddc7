import type { AdminAuditEntry } from '@tracemap/contracts';
import type { AccountDeps } from '../../deps';
import { listAudit } from './audit-repository';

export async function listAuditLog(deps: AccountDeps, limit = 50): Promise<{ entries: AdminAuditEntry[] }> {
  return { entries: await listAudit(deps.pool, limit) };
}
