import { withoutNulls, type BugReportInput } from '@tracemap/contracts';
import { notifyTeam } from '../admin/support/notify-team';
import type { AccountDeps } from '../deps';
import { insertBugReport, type BugReport } from './support-repository';
import { requireText } from '../lib/require-text';
import { runIdempotent } from '../lib/run-idempotent';

/** Optional fields sent as null are read as not given, so both forms store and replay alike. */
export async function reportBug(
  deps: AccountDeps,
  userId: string | null,
  input: BugReportInput,
  idempotencyKey?: string,
): Promise<{ id: string }> {
  const report = withoutNulls(input);
  const cleaned: BugReport = {
    ...report,
    bugType: requireText(report.bugType, 'bugType'),
    description: requireText(report.description, 'description'),
  };
  const created = await runIdempotent(
    deps.pool,
    { key: idempotencyKey, scope: `bug-report:${userId ?? 'anonymous'}`, body: cleaned },
    async (client) => {
      const id = await insertBugReport(client, userId, cleaned);
      await notifyTeam(deps, client, { kind: 'bug-report', id, userId, fields: { ...cleaned } });
      return { id };
    },
  );
  deps.outbox.wake();
  return created;
}
