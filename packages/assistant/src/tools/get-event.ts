import type { EventAttribute, GetEventInput, GetEventOutput, SnapshotEvent } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute, canSeeValues } from '../roles';
import { findEvent, suggestions } from './resolve';
import { refs, type ToolResult } from './tool-result';

const PRESENCE_ORDER: Record<string, number> = { required: 0, recommended: 1, optional: 2 };

/** The attributes of an event the caller may see, each with the layer it came from (as the snapshot resolved it). */
export function eventAttributes(ctx: ToolContext, event: SnapshotEvent): EventAttribute[] {
  const out: EventAttribute[] = [];
  for (const effective of event.effective) {
    const attribute = ctx.plan.attributesById.get(effective.attributeId);
    if (!attribute || !canSeeAttribute(attribute, ctx.role)) continue;
    out.push({
      id: attribute.id,
      name: attribute.name,
      type: attribute.type,
      presence: effective.presence,
      layer: effective.layer,
      from: effective.sources.map((s) => ({
        layer: s.layer,
        ...(s.id ? { id: s.id } : {}),
        ...(s.name ? { name: s.name } : {}),
        presence: s.presence,
      })),
      pii: attribute.pii,
      validation: canSeeValues(attribute, ctx.role) ? effective.validation : null,
    });
  }
  return out.sort(
    (a, b) => (PRESENCE_ORDER[a.presence] ?? 9) - (PRESENCE_ORDER[b.presence] ?? 9) || (a.name < b.name ? -1 : 1),
  );
}

export function getEvent(ctx: ToolContext, input: GetEventInput): ToolResult<GetEventOutput> {
  const event = findEvent(ctx, input.event);
  if (!event) {
    const similar = suggestions(ctx, input.event, 'event');
    return {
      output: {
        found: false,
        event: null,
        attributes: [],
        attributeCount: 0,
        views: [],
        maps: [],
        suggestions: similar,
      },
      references: refs('event', similar),
    };
  }
  const attributes = eventAttributes(ctx, event);
  const views = (ctx.plan.viewsOfEvent.get(event.id) ?? []).map((view) => ({
    id: view.id,
    name: view.name,
    trigger: view.events.find((link) => link.eventId === event.id)?.trigger ?? '',
  }));
  const maps = new Map<string, { id: string; name: string }>();
  for (const view of views) {
    for (const map of ctx.plan.mapsOfView.get(view.id) ?? []) maps.set(map.id, { id: map.id, name: map.name });
  }
  return {
    output: {
      found: true,
      event: {
        id: event.id,
        name: event.name,
        displayName: event.displayName,
        description: event.description,
        kind: event.kind,
        category: event.category,
        status: event.status,
        tags: event.tags,
        owners: event.owners,
        trigger: event.trigger,
      },
      attributes,
      attributeCount: attributes.length,
      views,
      maps: [...maps.values()],
      suggestions: [],
    },
    references: [
      { kind: 'event', id: event.id },
      ...refs('attribute', attributes),
      ...refs('view', views),
      ...refs('map', [...maps.values()]),
    ],
  };
}
