import type { EffectiveAttributesResponse } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { keptPlanRead, type PlanActor } from '../shared/plan-context';
import { resolveEvent } from './resolve-event';

/** The event's attributes after inheritance, each saying which layer (and view) it came from. */
export async function getEffectiveAttributes(
  deps: CompanyDeps,
  actor: PlanActor,
  eventId: string,
): Promise<EffectiveAttributesResponse> {
  return keptPlanRead(
    deps,
    actor,
    ['effective-attributes', eventId],
    async () => {
      const resolved = await resolveEvent(deps, actor, eventId);
      return { eventId, attributeInheritance: resolved.attributeInheritance, attributes: resolved.attributes };
    },
    (answer) => answer.attributes.length,
  );
}
