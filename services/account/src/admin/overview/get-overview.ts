import { EMAIL_SOURCES, type AdminOverview, type EmailSource } from '@tracemap/contracts';
import type { AdminContext } from '../admin-context';
import { listAudit } from '../audit/audit-repository';
import { outboxOf } from '../emails/outbox-sources';
import { countOpenBugReports, listBugReports, listFeedback, recentLeads } from '../support/support-admin-repository';

/** Null instead of failing the page: one service down blanks its own tile only. */
async function orNull<T>(ctx: AdminContext, what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    ctx.deps.log.warn({ err: (error as Error).message, what }, 'admin overview part unavailable');
    return null;
  }
}

/** The product at a glance; each peer is asked in parallel under the internal timeout. */
export async function getOverview(ctx: AdminContext): Promise<AdminOverview> {
  const db = ctx.deps.pool;
  const [users, companies, subscriptions, emailStats] = await Promise.all([
    orNull(ctx, 'users', () => ctx.auth.countUsers(ctx.requestId)),
    orNull(ctx, 'companies', () => ctx.company.count(ctx.requestId)),
    orNull(ctx, 'subscriptions', () => ctx.subscription.countByStatus(ctx.requestId)),
    Promise.all(
      EMAIL_SOURCES.map(async (source) => ({
        source,
        stats: await orNull(ctx, `outbox:${source}`, () => outboxOf(ctx, source).stats(ctx.requestId)),
      })),
    ),
  ]);
  const emails = {
    queued: 0,
    sent: 0,
    failed: 0,
    hourly: Array.from({ length: 24 }, () => 0),
    unavailable: [] as EmailSource[],
  };
  for (const { source, stats } of emailStats) {
    if (!stats) {
      emails.unavailable.push(source);
      continue;
    }
    emails.queued += stats.queued;
    emails.sent += stats.sent;
    emails.failed += stats.failed;
    stats.hourly.forEach((n, i) => (emails.hourly[i] = (emails.hourly[i] ?? 0) + n));
  }
  return {
    users,
    companies,
    subscriptions,
    emails,
    openBugReports: await countOpenBugReports(db),
    recentBugReports: await listBugReports(db, { limit: 5 }),
    recentFeedback: await listFeedback(db, { limit: 5 }),
    recentLeads: await recentLeads(db, 5),
    recentAudit: await listAudit(db, 20),
  };
}
