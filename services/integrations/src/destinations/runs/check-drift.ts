import { previewPush } from '@tracemap/destinations';
import { roleSettingsStatement, roleTransaction } from '@tracemap/service-kit';
import { APP_ROLE, tenantTransaction } from '../../core/tenant';
import { acceptNotification } from '../../notifications/accept-notification';
import { readTarget } from '../manage/destination-target';
import { loadTarget } from '../manage/load-target';
import type { RunDeps } from './execute-run';

/**
 * The drift check: destinations not compared with the plan for a whole interval are read (never
 * written) and the number of differences a push would settle is stored on each. A non-zero
 * count is also announced through the notifications intake, once per destination and day.
 */
export async function checkDrift(deps: RunDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.DESTINATION_DRIFT_INTERVAL_MS);
  const due = await roleTransaction(deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
    const { rows } = await client.query<{ destination_id: string; company_id: string }>(
      `SELECT destination_id, company_id FROM integrations.destinations_to_check($1, 10)`,
      [before],
    );
    return rows;
  });
  for (const { destination_id: id, company_id: companyId } of due) {
    let count: number | null = null;
    let name = '';
    try {
      const target = await loadTarget(deps, { companyId }, id);
      const snapshot = await deps.peers.planSnapshot(companyId);
      count = previewPush(snapshot, target.settings, await readTarget(deps.config, target)).operations.length;
      name = target.settings.kind;
    } catch (error) {
      deps.log.warn({ err: error, companyId, destinationId: id }, 'drift check could not read the destination');
    }
    const stored = await tenantTransaction(deps.db, companyId, async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `UPDATE integrations.destinations SET drift_count = coalesce($3, drift_count), drift_checked_at = $4
          WHERE company_id = $1 AND id = $2 RETURNING name`,
        [companyId, id, count, now],
      );
      return rows[0]?.name ?? null;
    });
    if (count && stored)
      await acceptNotification(deps, {
        companyId,
        kind: 'integration_failed',
        subject: `destination:${id}`,
        dedupeKey: `destination-drift:${id}:${now.toISOString().slice(0, 10)}`,
        payload: {
          title: `${stored} (${name}) differs from the tracking plan`,
          text: `${count} difference${count === 1 ? '' : 's'} a push would settle.`,
          link: `/company/${companyId}/settings/destinations`,
          severity: 'warning',
          category: 'destination_drift',
        },
      });
  }
  return due.length;
}
