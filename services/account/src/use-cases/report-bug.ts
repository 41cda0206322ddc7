import { notifyTeam } from '../admin/support/notify-team';
import type { AccountDeps } from '../deps';
import { insertBugReport, type BugReport } from '../repositories/support-repository';
import { requireText } from './require-text';
import { runIdempotent } from './run-idempotent';

export async function reportBug(deps: AccountDeps, userId: string | null, report: BugReport, idempotencyKey?: string): Promise<{ id: string }> {
  const cleaned: BugReport = { ...report, bugType: requireText(report.bugType, 'bugType'), description: requireText(report.description, 'description') };
  const created = await runIdempotent(deps.pool, { key: idempotencyKey, scope: `bug-report:${userId ?? 'anonymous'}`, body: cleaned }, async (client) => {
    const id = await insertBugReport(client, userId, cleaned);
    await notifyTeam(deps, client, { kind: 'bug-report', id, userId, fields: { ...cleaned } });
    return { id };
  });
  deps.outbox.wake();
  return created;
}
