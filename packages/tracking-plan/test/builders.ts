import type { Attribute, AttributeLink, PlanEvent, PlanView } from '@tracemap/contracts';

/** Complete entities with readable defaults, so each test states only what it is about. */
let counter = 0;
export const uuid = (n = ++counter) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const stamps = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

export function attribute(name: string, fields: Partial<Attribute> = {}): Attribute {
  return {
    id: uuid(),
    name,
    displayName: '',
    description: `The ${name}.`,
    scope: 'event',
    type: 'string',
    itemType: null,
    validation: { kind: 'none' },
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: [],
    status: 'planned',
    owners: [],
    ...stamps,
    ...fields,
  };
}

export function event(name: string, fields: Partial<PlanEvent> = {}): PlanEvent {
  return {
    id: uuid(),
    name,
    displayName: '',
    description: `When ${name} happens.`,
    kind: 'track',
    category: '',
    tags: [],
    owners: [],
    status: 'planned',
    trigger: '',
    attributes: [],
    ...stamps,
    ...fields,
  };
}

export function view(name: string, fields: Partial<PlanView> = {}): PlanView {
  return {
    id: uuid(),
    name,
    displayName: '',
    description: `The ${name} page.`,
    type: 'page',
    urlPattern: '',
    screenshotUrl: null,
    tags: [],
    status: 'planned',
    attributes: [],
    events: [],
    ...stamps,
    ...fields,
  };
}

export const required = (a: Attribute, validationOverride?: AttributeLink['validationOverride']): AttributeLink => ({
  attributeId: a.id,
  presence: 'required',
  ...(validationOverride ? { validationOverride } : {}),
});
export const optional = (a: Attribute, validationOverride?: AttributeLink['validationOverride']): AttributeLink => ({
  attributeId: a.id,
  presence: 'optional',
  ...(validationOverride ? { validationOverride } : {}),
});
export const byId = (attributes: Attribute[]) => new Map(attributes.map((a) => [a.id, a]));
