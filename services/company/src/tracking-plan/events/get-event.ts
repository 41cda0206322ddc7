import type { EventDetail } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { exposedOnly, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { mapsUsing } from '../maps/map-usage';
import { eventUsage, findEvent } from './event-repository';

/** The event with the views it fires on. */
export async function getEvent(deps: CompanyDeps, actor: PlanActor, id: string): Promise<EventDetail> {
  return tenantTransaction(deps.db, { companyId: actor.companyId, userId: actor.userId }, async (client) => {
    const event = await findEvent(client, actor.companyId, id, { exposedOnly: exposedOnly(actor) });
    if (!event) throw entityNotFound('event');
    const usedBy = await eventUsage(client, actor.companyId, id);
    return { ...event, usedBy: { ...usedBy, maps: await mapsUsing(client, actor.companyId, { kind: 'event', id }) } };
  });
}
