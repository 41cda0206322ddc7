import type { GetViewInput, GetViewOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute } from '../roles';
import { findView, suggestions } from './resolve';
import { refs, type ToolResult } from './tool-result';

export function getView(ctx: ToolContext, input: GetViewInput): ToolResult<GetViewOutput> {
  const view = findView(ctx, input.view);
  if (!view) {
    const similar = suggestions(ctx, input.view, 'view');
    return {
      output: { found: false, view: null, events: [], attributes: [], maps: [], suggestions: similar },
      references: refs('view', similar),
    };
  }
  const events = view.events.flatMap((link) => {
    const event = ctx.plan.eventsById.get(link.eventId);
    return event ? [{ id: event.id, name: event.name, trigger: link.trigger ?? '' }] : [];
  });
  const attributes = view.attributes.flatMap((link) => {
    const attribute = ctx.plan.attributesById.get(link.attributeId);
    return attribute && canSeeAttribute(attribute, ctx.role)
      ? [{ id: attribute.id, name: attribute.name, presence: link.presence }]
      : [];
  });
  const maps = (ctx.plan.mapsOfView.get(view.id) ?? []).map((m) => ({ id: m.id, name: m.name }));
  return {
    output: {
      found: true,
      view: {
        id: view.id,
        name: view.name,
        description: view.description,
        type: view.type,
        urlPattern: view.urlPattern,
        status: view.status,
        tags: view.tags,
      },
      events,
      attributes,
      maps,
      suggestions: [],
    },
    references: [
      { kind: 'view', id: view.id },
      ...refs('event', events),
      ...refs('attribute', attributes),
      ...refs('map', maps),
    ],
  };
}
