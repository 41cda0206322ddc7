import type { OutboxBacklog } from '@tracemap/service-kit';
import type { IntegrationsDeps } from '../../deps';

async function backlog(deps: Pick<IntegrationsDeps, 'db'>, fn: string): Promise<OutboxBacklog> {
  const { rows } = await deps.db.query<{ waiting: number; oldest_due_seconds: number }>(
    `SELECT waiting, oldest_due_seconds FROM integrations.${fn}()`,
  );
  return { waiting: rows[0]?.waiting ?? 0, oldestDueSeconds: rows[0]?.oldest_due_seconds ?? 0 };
}

/** Push runs waiting for a worker, as the metrics show them. */
export const readRunBacklog = (deps: Pick<IntegrationsDeps, 'db'>) => backlog(deps, 'destination_run_backlog');

/** lastSync values the company service has not taken yet. */
export const readLastSyncBacklog = (deps: Pick<IntegrationsDeps, 'db'>) => backlog(deps, 'last_sync_backlog');
