import type pg from 'pg';
import type { NotificationBody } from '@tracemap/contracts';
import type { NotificationBurst } from '@tracemap/service-kit';
import { openFindingsBySeverity } from '../discovery/findings-repository';
import { inCompany } from '../ingest/tenant-transaction';

/**
 * Makes sure a company judged today gets its daily digest: one burst per company and UTC
 * day, due at 09:00 UTC the next morning, whatever the number of judgements. Called in the
 * judging transaction, so the digest is owed exactly when the judgement is stored.
 */
export async function awaitDailyDigest(db: pg.ClientBase, companyId: string): Promise<void> {
  await db.query(
    `SELECT insights.add_to_notification_burst(
       $1, 'findings_digest', 'digest:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '[]'::jsonb, 0,
       ((date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day 9 hours') AT TIME ZONE 'UTC') - now(),
       interval '2 days')`,
    [companyId],
  );
}

/** The digest's figures are read when it is sent: the findings still open by then, by severity. */
export function findingsDigestNotification(db: pg.Pool) {
  return async (burst: NotificationBurst): Promise<NotificationBody | null> => {
    const open = await inCompany(db, burst.companyId, (client) => openFindingsBySeverity(client));
    const total = open.high + open.medium + open.low;
    if (total === 0) return null;
    const day = burst.burstKey.replace(/^digest:/, '');
    return {
      companyId: burst.companyId,
      kind: 'findings_digest',
      subject: `digest:${burst.companyId}`,
      dedupeKey: `digest:${burst.companyId}:${day}`,
      payload: {
        title: `Analytics discovery: ${total} open ${total === 1 ? 'finding' : 'findings'}`,
        text: `${open.high} high, ${open.medium} medium, ${open.low} low severity, as judged on ${day}.`,
        link: `/company/${burst.companyId}/analytics-discovery`,
        severity: open.high > 0 ? 'critical' : open.medium > 0 ? 'warning' : 'info',
        category: 'data quality',
      },
    };
  };
}
