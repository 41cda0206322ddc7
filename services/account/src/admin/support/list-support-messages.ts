import type { AdminSupportAnswer, SupportStatus } from '@tracemap/contracts';
import type { AccountDeps } from '../../deps';
import { listBugReports, listFeedback } from './support-admin-repository';

export async function listSupportMessages(
  deps: AccountDeps,
  options: { status?: SupportStatus; limit?: number },
): Promise<AdminSupportAnswer> {
  const query = { status: options.status, limit: options.limit ?? 50 };
  return { bugReports: await listBugReports(deps.pool, query), feedback: await listFeedback(deps.pool, query) };
}
