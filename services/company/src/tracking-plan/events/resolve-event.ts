import { resolveEffectiveAttributes, type ResolvedAttributes } from '@tracemap/tracking-plan';
import type { Attribute, PlanEvent } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { findAttributesByIds, findSystemAttributes } from '../attributes/attribute-repository';
import { findViewsOfEvent } from '../views/view-repository';
import { exposedOnly, loadPlanSettings, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { findEvent } from './event-repository';

export interface ResolvedEvent extends ResolvedAttributes {
  event: PlanEvent;
  attributeInheritance: boolean;
}

/**
 * Loads only what one event's schema needs (the event, the views it fires
 * on, their links, the attributes those name and the company's system
 * attributes) and resolves its effective attributes. Viewers' loads leave
 * hidden attributes out at every layer.
 */
export async function resolveEvent(db: Queryable, actor: PlanActor, eventId: string): Promise<ResolvedEvent> {
  const hiddenOut = exposedOnly(actor);
  const event = await findEvent(db, actor.companyId, eventId, { exposedOnly: hiddenOut });
  if (!event) throw entityNotFound('event');
  const settings = await loadPlanSettings(db, actor.companyId);
  const views = settings.attributeInheritance ? await findViewsOfEvent(db, actor.companyId, eventId, { exposedOnly: hiddenOut }) : [];
  const systemAttributes = settings.attributeInheritance ? await findSystemAttributes(db, actor.companyId) : [];
  const linked = new Set([...event.attributes, ...views.flatMap((v) => v.attributes)].map((l) => l.attributeId));
  const attributes = await findAttributesByIds(db, actor.companyId, [...linked]);
  const visible = (a: Attribute) => !hiddenOut || a.exposed;
  const resolved = resolveEffectiveAttributes({
    event,
    attributesById: new Map(attributes.filter(visible).map((a) => [a.id, a])),
    attributeInheritance: settings.attributeInheritance,
    systemAttributes: systemAttributes.filter(visible),
    views,
    maps: [],
  });
  return { ...resolved, event, attributeInheritance: settings.attributeInheritance };
}
