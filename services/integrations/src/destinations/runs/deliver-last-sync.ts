import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';
import { APP_ROLE, tenantTransaction } from '../../core/tenant';
import type { RunDeps } from './execute-run';

/**
 * The outbox of lastSync: each completed set is handed to the company service (which keeps the
 * later of what it has and what it is given, so a repeat is harmless) and cleared once taken.
 * A company service that is down is asked again at the next round.
 */
export async function deliverLastSyncs(deps: RunDeps): Promise<number> {
  const due = await roleTransaction(deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
    const { rows } = await client.query<{ run_id: string; company_id: string; at: Date }>(
      `SELECT run_id, company_id, at FROM integrations.due_last_syncs(20)`,
    );
    return rows;
  });
  let delivered = 0;
  for (const item of due) {
    try {
      await deps.peers.moveLastSync(item.company_id, item.at);
    } catch (error) {
      deps.log.warn({ err: error, companyId: item.company_id }, 'lastSync not handed to the company service yet');
      continue;
    }
    await tenantTransaction(deps.db, item.company_id, (client) =>
      client.query(`UPDATE integrations.destination_runs SET last_sync_due = NULL WHERE id = $1`, [item.run_id]),
    );
    delivered += 1;
  }
  return delivered;
}
