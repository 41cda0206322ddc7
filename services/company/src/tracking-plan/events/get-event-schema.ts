import { eventJsonSchema } from '@tracemap/tracking-plan';
import type { CompanyDeps } from '../../deps';
import type { PlanActor } from '../shared/plan-context';
import { cachedEvent } from './resolve-event';

/** The event's effective attributes as a draft-07 JSON Schema. */
export async function getEventSchema(deps: CompanyDeps, actor: PlanActor, eventId: string): Promise<Record<string, unknown>> {
  const cached = await cachedEvent(deps, actor, eventId);
  // Derived from the kept resolution alone, so it may be kept beside it (and dropped with it).
  cached.schema ??= eventJsonSchema(cached.resolved.event, cached.resolved.attributes) as Record<string, unknown>;
  return cached.schema;
}
