import { withoutNulls, type CreateEventInput, type PlanEvent, type UpdateEventInput } from '@tracemap/contracts';
import type { EventFields } from './event-repository';

export interface EventDraft {
  fields: EventFields;
  attributes: PlanEvent['attributes'];
}

/** What an event is when the request leaves a field out. */
export function newEventDraft(input: CreateEventInput): EventDraft {
  return {
    fields: {
      name: input.name.trim(),
      displayName: input.displayName ?? '',
      description: input.description ?? '',
      kind: input.kind ?? 'track',
      category: input.category ?? '',
      tags: input.tags ?? [],
      owners: input.owners ?? [],
      status: input.status ?? 'planned',
      trigger: input.trigger ?? '',
    },
    attributes: input.attributes ?? [],
  };
}

export function changedEventDraft(current: PlanEvent, input: UpdateEventInput): EventDraft {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, attributes, ...fields } = current;
  // A field sent as null is not changed.
  const { attributes: newLinks, ...changes } = withoutNulls(input);
  return {
    fields: { ...fields, ...changes, name: (changes.name ?? fields.name).trim() },
    attributes: newLinks ?? attributes,
  };
}
