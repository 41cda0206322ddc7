import { analyticsPath, type AnalyticsBatch } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { insertEvents } from './events-repository';
import { truncateIp } from './truncate-ip';

/**
 * Stores one batch from the browser; the address is kept only in its shortened form, and paths
 * lose whatever a query could carry besides campaign tags, whichever client sent them.
 */
export async function recordEvents(
  deps: AccountDeps,
  batch: AnalyticsBatch,
  caller: { userId: string | null; address: string },
): Promise<{ accepted: number }> {
  const cleaned: AnalyticsBatch = {
    ...batch,
    events: batch.events.map((event) => ({ ...event, path: analyticsPath(event.path) })),
  };
  const accepted = await insertEvents(deps.pool, cleaned, {
    userId: caller.userId,
    ipPrefix: truncateIp(caller.address),
  });
  return { accepted };
}
