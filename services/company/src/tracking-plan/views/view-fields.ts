import { withoutNulls, type CreateViewInput, type PlanView, type UpdateViewInput } from '@tracemap/contracts';
import type { ViewFields } from './view-repository';

export interface ViewDraft {
  fields: ViewFields;
  attributes: PlanView['attributes'];
  events: PlanView['events'];
}

/** What a view is when the request leaves a field out. */
export function newViewDraft(input: CreateViewInput): ViewDraft {
  return {
    fields: {
      name: input.name.trim(),
      displayName: input.displayName ?? '',
      description: input.description ?? '',
      type: input.type ?? 'page',
      urlPattern: input.urlPattern ?? '',
      screenshotUrl: input.screenshotUrl ?? null,
      tags: input.tags ?? [],
      status: input.status ?? 'planned',
    },
    attributes: input.attributes ?? [],
    events: input.events ?? [],
  };
}

export function changedViewDraft(current: PlanView, input: UpdateViewInput): ViewDraft {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, attributes, events, ...fields } = current;
  // A field sent as null is not changed, except the screenshot, where null takes it away.
  const {
    attributes: newAttributes,
    events: newEvents,
    screenshotUrl: _screenshotUrl,
    ...changes
  } = withoutNulls(input);
  return {
    fields: {
      ...fields,
      ...changes,
      ...(input.screenshotUrl !== undefined ? { screenshotUrl: input.screenshotUrl } : {}),
      name: (changes.name ?? fields.name).trim(),
    },
    attributes: newAttributes ?? attributes,
    events: newEvents ?? events,
  };
}
