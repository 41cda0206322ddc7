import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { HttpUrl } from '../http-url';
import { optionalInputFields } from '../nullable';
import {
  ATTRIBUTE_SCOPES,
  ATTRIBUTE_TYPES,
  ITEM_TYPES,
  VALIDATION_KINDS,
  STRING_FORMATS,
  PLAN_STATUSES,
  EVENT_KINDS,
  VIEW_TYPES,
  PRESENCES,
  ENTITY_KINDS,
} from './vocabulary';
import { strictObject as strict } from '../primitives';

// The tracking plan's entities as the API speaks them. Request schemas refuse
// unknown fields; responses carry every field so clients never guess defaults.

/** A union of string literals whose static type is the literals, not `string`. */
export const literals = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<TLiteral<T[number]>[]>;

export const AttributeScopeSchema = literals(ATTRIBUTE_SCOPES);
export const AttributeTypeSchema = literals(ATTRIBUTE_TYPES);
export const ItemTypeSchema = literals(ITEM_TYPES);
export const PlanStatusSchema = literals(PLAN_STATUSES);
export const EventKindSchema = literals(EVENT_KINDS);
export const ViewTypeSchema = literals(VIEW_TYPES);
export const PresenceSchema = literals(PRESENCES);
export const EntityKindSchema = literals(ENTITY_KINDS);

export const EntityId = Type.String({ format: 'uuid' });
/** Names are what code and destinations see: one line, no surrounding blanks. */
export const PlanName = Type.String({ minLength: 1, maxLength: 120, pattern: '^\\S(.*\\S)?$' });
export const DisplayName = Type.String({ maxLength: 200 });
export const Description = Type.String({ maxLength: 5000 });
export const Tag = Type.String({ minLength: 1, maxLength: 50, pattern: '^\\S(.*\\S)?$' });
export const Tags = Type.Array(Tag, { maxItems: 50, uniqueItems: true });
/** Owners are free text (a person, a team or an email) until integrations bring directories. */
export const Owners = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20, uniqueItems: true });

const EnumValue = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()]);

/**
 * How a value is checked. Only the fields its `kind` needs may be present:
 * enum → values; regex → pattern; range → min and/or max; length → minLength
 * and/or maxLength; format → format; const → const. The pure package's
 * `validationProblems` says what is missing or extra.
 */
export const ValidationSchema = Type.Object(
  {
    kind: literals(VALIDATION_KINDS),
    values: Type.Optional(Type.Array(EnumValue, { maxItems: 1000 })),
    pattern: Type.Optional(Type.String({ maxLength: 1000 })),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
    format: Type.Optional(literals(STRING_FORMATS)),
    const: Type.Optional(EnumValue),
  },
  strict,
);
export type Validation = Static<typeof ValidationSchema>;

const Timestamps = {
  version: Type.Integer({ minimum: 1, description: 'Increases on every change; send it back as If-Match.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

// ——— Attributes ———
const attributeFields = {
  name: PlanName,
  displayName: DisplayName,
  description: Description,
  scope: AttributeScopeSchema,
  type: AttributeTypeSchema,
  /** The type of an array's items; null for every other type. */
  itemType: Type.Union([ItemTypeSchema, Type.Null()]),
  validation: ValidationSchema,
  /** Where the value comes from, e.g. a data-layer key such as `dataLayer.page.category`. */
  origin: Type.String({ maxLength: 500 }),
  /** When false the attribute is hidden from viewers, on maps, previews and shared links. */
  exposed: Type.Boolean(),
  nullable: Type.Boolean(),
  pii: Type.Boolean(),
  tags: Tags,
  status: PlanStatusSchema,
  owners: Owners,
};
export const AttributeSchema = Type.Object({ id: EntityId, ...attributeFields, ...Timestamps });
export type Attribute = Static<typeof AttributeSchema>;

/** Create: a name is required; everything else has a default (scope event, type string, exposed true…). */
export const CreateAttributeBody = Type.Object(
  { name: PlanName, ...optionalInputFields(omit(attributeFields, ['name'])) },
  strict,
);
export type CreateAttributeInput = Static<typeof CreateAttributeBody>;
export const UpdateAttributeBody = Type.Object(optionalInputFields(attributeFields), { ...strict, minProperties: 1 });
export type UpdateAttributeInput = Static<typeof UpdateAttributeBody>;

// ——— Links ———
/** An attribute on an event, view or map. Presence lives on the link, never on the attribute. */
export const AttributeLinkSchema = Type.Object(
  {
    attributeId: EntityId,
    presence: PresenceSchema,
    /** May only narrow the attribute's own validation (enum subset, smaller range, tighter length). */
    validationOverride: Type.Optional(Type.Union([ValidationSchema, Type.Null()])),
  },
  strict,
);
export type AttributeLink = Static<typeof AttributeLinkSchema>;
const AttributeLinks = Type.Array(AttributeLinkSchema, { maxItems: 500 });

/** A rectangle in percent of the view's screenshot. */
export const HotspotSchema = Type.Object(
  {
    x: Type.Number({ minimum: 0, maximum: 100 }),
    y: Type.Number({ minimum: 0, maximum: 100 }),
    width: Type.Number({ minimum: 0, maximum: 100 }),
    height: Type.Number({ minimum: 0, maximum: 100 }),
  },
  strict,
);
export const ViewEventLinkSchema = Type.Object(
  {
    eventId: EntityId,
    /** When the event fires on this view, in words ("on click of Buy"). */
    trigger: Type.Optional(Type.String({ maxLength: 1000 })),
    hotspot: Type.Optional(Type.Union([HotspotSchema, Type.Null()])),
  },
  strict,
);
export type ViewEventLink = Static<typeof ViewEventLinkSchema>;

// ——— Events ———
const eventFields = {
  name: PlanName,
  displayName: DisplayName,
  description: Description,
  kind: EventKindSchema,
  category: Type.String({ maxLength: 100 }),
  tags: Tags,
  owners: Owners,
  status: PlanStatusSchema,
  /** When it fires, in words. */
  trigger: Type.String({ maxLength: 1000 }),
  attributes: AttributeLinks,
};
export const EventSchema = Type.Object({ id: EntityId, ...eventFields, ...Timestamps });
export type PlanEvent = Static<typeof EventSchema>;
export const CreateEventBody = Type.Object(
  { name: PlanName, ...optionalInputFields(omit(eventFields, ['name'])) },
  strict,
);
export type CreateEventInput = Static<typeof CreateEventBody>;
export const UpdateEventBody = Type.Object(optionalInputFields(eventFields), { ...strict, minProperties: 1 });
export type UpdateEventInput = Static<typeof UpdateEventBody>;

// ——— Views ———
const viewFields = {
  name: PlanName,
  displayName: DisplayName,
  description: Description,
  type: ViewTypeSchema,
  /** e.g. `/checkout/:step` */
  urlPattern: Type.String({ maxLength: 500 }),
  screenshotUrl: Type.Union([HttpUrl, Type.Null()]),
  tags: Tags,
  status: PlanStatusSchema,
  attributes: AttributeLinks,
  events: Type.Array(ViewEventLinkSchema, { maxItems: 1000 }),
};
export const ViewSchema = Type.Object({ id: EntityId, ...viewFields, ...Timestamps });
export type PlanView = Static<typeof ViewSchema>;
export const CreateViewBody = Type.Object(
  { name: PlanName, ...optionalInputFields(omit(viewFields, ['name'])) },
  strict,
);
export type CreateViewInput = Static<typeof CreateViewBody>;
export const UpdateViewBody = Type.Object(optionalInputFields(viewFields), { ...strict, minProperties: 1 });
export type UpdateViewInput = Static<typeof UpdateViewBody>;

// ——— helpers ———
function omit<T extends Record<string, TSchema>, K extends keyof T>(fields: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...fields };
  for (const key of keys) delete copy[key];
  return copy;
}
