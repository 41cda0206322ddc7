import type { OutboxBacklog } from '@tracemap/service-kit';
import type { IntegrationsDeps } from '../deps';

/** The Slack outbox as the metrics show it: deliveries waiting, and the wait of the oldest due one. */
export async function readDeliveryBacklog(deps: Pick<IntegrationsDeps, 'db'>): Promise<OutboxBacklog> {
  const { rows } = await deps.db.query<{ waiting: number; oldest_due_seconds: number }>(
    'SELECT waiting, oldest_due_seconds FROM integrations.delivery_backlog()',
  );
  return { waiting: rows[0]?.waiting ?? 0, oldestDueSeconds: rows[0]?.oldest_due_seconds ?? 0 };
}
