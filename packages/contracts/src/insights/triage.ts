import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from '../primitives';
import {
  CreateAttributeBody,
  EntityId,
  EventKindSchema,
  PlanName,
  PlanStatusSchema,
  PresenceSchema,
  literals,
} from '../tracking-plan/model';
import { FindingSchema } from './discovery-api';

// Triage of discovery's findings by editors: add what was observed to the plan
// (created by the company service, which records it in history as written by
// discovery), map an observed name to a planned event, ignore findings by a
// rule that later judgements keep, and mark a planned event seen in production live.

// ——— Company side: the internal intake route ———

/** One attribute discovery wants on an event: created unless the plan has one of the same folded name. */
export const IntakeAttribute = Type.Object({ attribute: CreateAttributeBody, presence: PresenceSchema }, strictObject);
export type IntakeAttribute = Static<typeof IntakeAttribute>;

/** Adds an observed event to the plan with the attributes it was seen with. */
export const IntakeAddEvent = Type.Object(
  {
    action: Type.Literal('add-event'),
    event: Type.Object(
      {
        name: PlanName,
        kind: EventKindSchema,
        description: Type.Optional(Type.String({ maxLength: 5000 })),
        /** An event already seen in production is usually `live`. */
        status: Type.Optional(PlanStatusSchema),
      },
      strictObject,
    ),
    attributes: Type.Array(IntakeAttribute, { maxItems: 500 }),
  },
  strictObject,
);
/** Adds observed properties to a planned event as attributes linked to it. */
export const IntakeAddProperties = Type.Object(
  {
    action: Type.Literal('add-properties'),
    eventId: EntityId,
    attributes: Type.Array(IntakeAttribute, { minItems: 1, maxItems: 500 }),
  },
  strictObject,
);
/** Sets a planned event's status (an event seen in production becomes live). */
export const IntakeSetStatus = Type.Object(
  { action: Type.Literal('set-status'), eventId: EntityId, status: PlanStatusSchema },
  strictObject,
);

/**
 * `POST /internal/companies/{companyId}/discovery-intake` (service token): `userId` is the editor
 * who asked; the company service checks their role again and writes through its own use cases.
 */
export const DiscoveryIntakeBody = Type.Object(
  {
    userId: UuidSchema,
    change: Type.Union([IntakeAddEvent, IntakeAddProperties, IntakeSetStatus]),
  },
  strictObject,
);
export type DiscoveryIntakeBody = Static<typeof DiscoveryIntakeBody>;
export type DiscoveryIntakeChange = DiscoveryIntakeBody['change'];

/** An item of the plan that the intake created, or found and reused. */
export const IntakeItem = Type.Object({ id: EntityId, name: Type.String(), created: Type.Boolean() }, strictObject);
export type IntakeItem = Static<typeof IntakeItem>;

/**
 * The proposal a change went to, when the company makes changes through proposals: the newest
 * draft discovery opened, or one it opened now (`created`).
 */
export const IntakeProposal = Type.Object(
  { id: UuidSchema, name: Type.String(), created: Type.Boolean() },
  strictObject,
);

export const DiscoveryIntakeAnswer = Type.Object(
  {
    event: Type.Union([IntakeItem, Type.Null()]),
    attributes: Type.Array(IntakeItem),
    /** The event's version after the change (null when no event was written). */
    eventVersion: Type.Union([Type.Integer(), Type.Null()]),
    /** Absent when the change went to the live plan. */
    proposal: Type.Optional(IntakeProposal),
  },
  strictObject,
);
export type DiscoveryIntakeAnswer = Static<typeof DiscoveryIntakeAnswer>;

// ——— Insights side: the triage routes ———

/** `POST …/discovery/findings/{id}/add-to-plan` answers what the plan gained and the finding after it. */
export const AddToPlanAnswer = Type.Object(
  {
    event: Type.Union([IntakeItem, Type.Null()]),
    attributes: Type.Array(IntakeItem),
    /** The proposal the change went to; absent when it went to the live plan. */
    proposal: Type.Optional(IntakeProposal),
    finding: FindingSchema,
  },
  strictObject,
);
export type AddToPlanAnswer = Static<typeof AddToPlanAnswer>;

/** Map: the finding's observed event name is this planned event (for one source, or every source that sent it). */
export const MapFindingBody = Type.Object(
  { eventId: EntityId, sourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  strictObject,
);
export type MapFindingBody = Static<typeof MapFindingBody>;

export const NameMappingItem = Type.Object(
  {
    /** Null: the mapping holds for every source. */
    sourceId: Type.Union([Type.String(), Type.Null()]),
    observedName: Type.String(),
    eventId: EntityId,
  },
  strictObject,
);
export type NameMappingItem = Static<typeof NameMappingItem>;

export const MapFindingAnswer = Type.Object(
  { mappings: Type.Array(NameMappingItem), finding: FindingSchema },
  strictObject,
);
export type MapFindingAnswer = Static<typeof MapFindingAnswer>;

/**
 * What an ignore rule covers: `this` finding (by its fingerprint; "mark expected" is this rule),
 * every finding about the finding's `event`, or the finding's property on any event (`property-everywhere`).
 */
export const IGNORE_RULES = ['this', 'event', 'property-everywhere'] as const;
export type IgnoreRuleKind = (typeof IGNORE_RULES)[number];

export const IgnoreFindingBody = Type.Object(
  { rule: literals(IGNORE_RULES), note: Type.Optional(Type.String({ maxLength: 1000 })) },
  strictObject,
);
export type IgnoreFindingBody = Static<typeof IgnoreFindingBody>;

export const IgnoreRuleSchema = Type.Object(
  {
    id: UuidSchema,
    rule: literals(IGNORE_RULES),
    fingerprint: Type.Union([Type.String(), Type.Null()]),
    event: Type.Union([Type.String(), Type.Null()]),
    property: Type.Union([Type.String(), Type.Null()]),
    note: Type.String(),
  },
  strictObject,
);
export type IgnoreRule = Static<typeof IgnoreRuleSchema>;

/** The stored rule and how many findings it ignores now (the one triaged included). */
export const IgnoreFindingAnswer = Type.Object(
  { rule: IgnoreRuleSchema, ignored: Type.Integer({ minimum: 0 }) },
  strictObject,
);
export type IgnoreFindingAnswer = Static<typeof IgnoreFindingAnswer>;

export const DiscoveryEventPathParams = Type.Object({ companyId: UuidSchema, eventId: EntityId }, strictObject);

/** `POST …/discovery/events/{eventId}/mark-live`: the planned event's new status and version. */
export const MarkLiveAnswer = Type.Object(
  { eventId: EntityId, status: PlanStatusSchema, version: Type.Integer() },
  strictObject,
);
export type MarkLiveAnswer = Static<typeof MarkLiveAnswer>;
