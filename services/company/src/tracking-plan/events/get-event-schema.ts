import { eventJsonSchema } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../core/deps';
import { keptPlanRead, type PlanActor } from '../shared/plan-context';
import { resolveEvent } from './resolve-event';

/** The event's effective attributes as a draft-07 JSON Schema. */
export async function getEventSchema(
  deps: CompanyDeps,
  actor: PlanActor,
  eventId: string,
): Promise<Record<string, unknown>> {
  return keptPlanRead(
    deps,
    actor,
    ['event-schema', eventId],
    async () => {
      const resolved = await resolveEvent(deps, actor, eventId);
      return eventJsonSchema(resolved.event, resolved.attributes) as Record<string, unknown>;
    },
    (schema) => Object.keys((schema.properties as object | undefined) ?? {}).length,
  );
}
