import type pg from 'pg';
import type { SlackSubscription } from '@tracemap/contracts';

interface SubscriptionRow {
  id: string;
  channel_id: string;
  channel_name: string;
  kinds: SlackSubscription['kinds'];
  tags: string[];
  categories: string[];
  min_severity: SlackSubscription['minSeverity'];
  mode: SlackSubscription['mode'];
  quiet_start: number | null;
  quiet_end: number | null;
  paused_reason: string | null;
  created_at: Date;
}

export const SUBSCRIPTION_COLUMNS = `id, channel_id, channel_name, kinds, tags, categories, min_severity, mode,
  quiet_start, quiet_end, paused_reason, created_at`;

export function toSubscription(row: SubscriptionRow): SlackSubscription {
  return {
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    kinds: row.kinds,
    tags: row.tags,
    categories: row.categories,
    minSeverity: row.min_severity,
    mode: row.mode,
    quietHours:
      row.quiet_start !== null && row.quiet_end !== null ? { start: row.quiet_start, end: row.quiet_end } : null,
    pausedReason: row.paused_reason,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listSubscriptions(client: pg.PoolClient, companyId: string): Promise<SlackSubscription[]> {
  const { rows } = await client.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM integrations.slack_subscriptions WHERE company_id = $1
      ORDER BY channel_name, id`,
    [companyId],
  );
  return rows.map(toSubscription);
}

export async function findSubscription(
  client: pg.PoolClient,
  companyId: string,
  id: string,
): Promise<SlackSubscription | null> {
  const { rows } = await client.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM integrations.slack_subscriptions WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}
