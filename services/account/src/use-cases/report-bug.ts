import type { AccountDeps } from '../deps';
import { insertBugReport, type BugReport } from '../repositories/support-repository';
import { requireText } from './require-text';
import { runIdempotent } from './run-idempotent';

export async function reportBug(deps: AccountDeps, userId: string | null, report: BugReport, idempotencyKey?: string): Promise<{ id: string }> {
  const cleaned: BugReport = { ...report, bugType: requireText(report.bugType, 'bugType'), description: requireText(report.description, 'description') };
  return runIdempotent(deps.pool, { key: idempotencyKey, scope: `bug-report:${userId ?? 'anonymous'}`, body: cleaned }, async (client) => ({
    id: await insertBugReport(client, userId, cleaned),
  }));
}
