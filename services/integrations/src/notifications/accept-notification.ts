import { randomUUID } from 'node:crypto';
import type { NotificationAccepted, NotificationBody } from '@tracemap/contracts';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { earliestSend, inDigest, wants, type SubscriptionRule } from './match-subscription';

/**
 * A producer's notification: stored once per dedupe key (a retried post changes nothing) and,
 * while the company's Slack is connected, queued in the outbox for every active subscription
 * that wants it, in the same transaction. Messages about one subject thread together.
 */
export async function acceptNotification(
  deps: Pick<IntegrationsDeps, 'db'> & { delivery?: Pick<IntegrationsDeps['delivery'], 'wake'> },
  notification: NotificationBody,
): Promise<NotificationAccepted> {
  const { companyId } = notification;
  const outcome = await tenantTransaction(deps.db, companyId, async (client) => {
    const id = randomUUID();
    const inserted = await client.query(
      `INSERT INTO integrations.notifications (id, company_id, kind, subject, dedupe_key, payload)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (company_id, dedupe_key) DO NOTHING`,
      [id, companyId, notification.kind, notification.subject, notification.dedupeKey, notification.payload],
    );
    if (inserted.rowCount === 0) return { accepted: false, deliveries: 0 };
    const { rows: installed } = await client.query(
      `SELECT 1 FROM integrations.slack_installations WHERE company_id = $1 AND status = 'connected'`,
      [companyId],
    );
    if (installed.length === 0) return { accepted: true, deliveries: 0 };
    const { rows: subscriptions } = await client.query<SubscriptionRule & { id: string; channel_id: string }>(
      `SELECT id, channel_id, kinds, tags, categories, min_severity, mode, quiet_start, quiet_end
         FROM integrations.slack_subscriptions WHERE company_id = $1 AND paused_reason IS NULL`,
      [companyId],
    );
    const now = new Date();
    let deliveries = 0;
    for (const subscription of subscriptions.filter((s) => wants(s, notification))) {
      await client.query(
        `INSERT INTO integrations.slack_deliveries
           (id, company_id, notification_id, subscription_id, channel_id, thread_key, not_before, digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (notification_id, channel_id) DO NOTHING`,
        [
          randomUUID(),
          companyId,
          id,
          subscription.id,
          subscription.channel_id,
          notification.subject,
          earliestSend(subscription, notification.kind, now),
          inDigest(subscription, notification.kind),
        ],
      );
      deliveries += 1;
    }
    return { accepted: true, deliveries };
  });
  if (outcome.deliveries > 0) deps.delivery?.wake();
  return outcome;
}
