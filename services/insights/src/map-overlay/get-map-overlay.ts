import type { MapOverlay } from '@tracemap/contracts';
import { notFound } from '@tracemap/service-kit';
import type { InsightsDeps } from '../deps';
import { inCompany } from '../ingest/tenant-transaction';
import { computeOverlay } from './compute-overlay';
import { matchedPlanEventIds, observedTransitions, observedViewEvents } from './overlay-repository';

/** The observed overlay of one of the company's maps, from the kept plan and the stored profile. */
export async function getMapOverlay(
  deps: Pick<InsightsDeps, 'db' | 'planSnapshots'>,
  companyId: string,
  mapId: string,
): Promise<MapOverlay> {
  const plan = await deps.planSnapshots.get(companyId);
  const map = plan.maps.find((m) => m.id === mapId);
  if (!map) throw notFound('No such map.', 'map_not_found');
  const observed = await inCompany(deps.db, companyId, async (client) => ({
    observedEventIds: await matchedPlanEventIds(client),
    viewEvents: await observedViewEvents(client),
    transitions: await observedTransitions(client),
  }));
  return computeOverlay({ plan, map, ...observed });
}
