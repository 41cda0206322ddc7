import type { GetAttributeInput, GetAttributeOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeValues } from '../roles';
import { findAttribute, suggestions } from './resolve';
import { refs, type ToolResult } from './tool-result';

export function getAttribute(ctx: ToolContext, input: GetAttributeInput): ToolResult<GetAttributeOutput> {
  const attribute = findAttribute(ctx, input.attribute);
  if (!attribute) {
    const similar = suggestions(ctx, input.attribute, 'attribute');
    return {
      output: { found: false, attribute: null, eventCount: 0, events: [], suggestions: similar },
      references: refs('attribute', similar),
    };
  }
  const carriers = (ctx.plan.eventsOfAttribute.get(attribute.id) ?? []).filter((e) => e.status !== 'archived');
  const events = carriers.slice(0, input.limit ?? 50).map((event) => {
    const effective = event.effective.find((e) => e.attributeId === attribute.id)!;
    return { id: event.id, name: event.name, presence: effective.presence, layer: effective.layer };
  });
  return {
    output: {
      found: true,
      attribute: {
        id: attribute.id,
        name: attribute.name,
        description: attribute.description,
        scope: attribute.scope,
        type: attribute.type,
        status: attribute.status,
        pii: attribute.pii,
        exposed: attribute.exposed,
        tags: attribute.tags,
        owners: attribute.owners,
        validation: canSeeValues(attribute, ctx.role) ? attribute.validation : null,
      },
      eventCount: carriers.length,
      events,
      suggestions: [],
    },
    references: [{ kind: 'attribute', id: attribute.id }, ...refs('event', events)],
  };
}
