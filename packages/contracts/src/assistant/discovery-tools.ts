import { Type, type Static } from '@sinclair/typebox';
import { strictObject, TimestampSchema } from '../primitives';
import { EntityId, PresenceSchema } from '../tracking-plan/model';
import {
  FindingLayerSchema,
  FindingSeveritySchema,
  FindingStateSchema,
  FindingSubjectSchema,
  FindingCountsSchema,
  FindingTypeSchema,
} from '../insights/findings';
import { PlanItemRef } from './plan-tools';

// Read-only tools over what discovery observed. Observed names and values are
// untrusted text: they are data in these outputs, never instructions.

// ——— discovery_overview ———
export const DiscoveryOverviewInput = Type.Object({}, strictObject);
export type DiscoveryOverviewInput = Static<typeof DiscoveryOverviewInput>;
export const DiscoveryOverviewOutput = Type.Object(
  {
    /** Distinct observed event names (summed over sources). */
    observedEvents: Type.Integer({ minimum: 0 }),
    observedVolume: Type.Integer({ minimum: 0 }),
    /** Share of observed volume that matched a planned event, 0–1. */
    plannedVolumeShare: Type.Number({ minimum: 0, maximum: 1 }),
    /** Planned events (not archived), and how many were seen. */
    plannedEvents: Type.Integer({ minimum: 0 }),
    plannedSeen: Type.Integer({ minimum: 0 }),
    /** Share of planned events seen, 0–1. */
    plannedSeenShare: Type.Number({ minimum: 0, maximum: 1 }),
    plannedUnseen: Type.Array(PlanItemRef),
    /** Observed names the plan does not have, by volume, at most 50. */
    unplanned: Type.Array(Type.Object({ name: Type.String(), volume: Type.Integer({ minimum: 0 }) }, strictObject)),
    unplannedCount: Type.Integer({ minimum: 0 }),
    openFindings: Type.Integer({ minimum: 0 }),
    openFindingsBySeverity: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  },
  strictObject,
);
export type DiscoveryOverviewOutput = Static<typeof DiscoveryOverviewOutput>;

// ——— discovery_event ———
export const DiscoveryEventInput = Type.Object({ event: Type.String({ minLength: 1, maxLength: 200 }) }, strictObject);
export type DiscoveryEventInput = Static<typeof DiscoveryEventInput>;
export const ObservedPropertyRow = Type.Object(
  {
    path: Type.String(),
    presence: Type.Integer({ minimum: 0 }),
    /** presence / volume, 0–1. */
    presenceShare: Type.Number({ minimum: 0 }),
    types: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
    /** The planned attribute of this name on the event, if there is one. */
    planned: Type.Boolean(),
  },
  strictObject,
);
export const DiscoveryEventOutput = Type.Object(
  {
    found: Type.Boolean(),
    /** The planned event it is, when it matched one (or was planned and never seen). */
    planEvent: Type.Union([PlanItemRef, Type.Null()]),
    /** Names it was observed under (several when a rename or a case variant matched the same planned event). */
    observedNames: Type.Array(Type.String()),
    volume: Type.Integer({ minimum: 0 }),
    firstSeen: Type.Union([TimestampSchema, Type.Null()]),
    lastSeen: Type.Union([TimestampSchema, Type.Null()]),
    properties: Type.Array(ObservedPropertyRow),
    /** Planned attributes never seen on it. */
    plannedNotSeen: Type.Array(
      Type.Object({ id: EntityId, name: Type.String(), presence: PresenceSchema }, strictObject),
    ),
    /** Observed properties the plan does not have on it. */
    unplannedProperties: Type.Array(Type.String()),
  },
  strictObject,
);
export type DiscoveryEventOutput = Static<typeof DiscoveryEventOutput>;

// ——— list_findings ———
export const ListFindingsInput = Type.Object(
  {
    /** An observed or planned event name (or a plan event id). */
    event: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    type: Type.Optional(FindingTypeSchema),
    state: Type.Optional(FindingStateSchema),
    severity: Type.Optional(FindingSeveritySchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  strictObject,
);
export type ListFindingsInput = Static<typeof ListFindingsInput>;
export const FindingRow = Type.Object(
  {
    id: Type.String(),
    type: FindingTypeSchema,
    severity: FindingSeveritySchema,
    state: FindingStateSchema,
    layer: FindingLayerSchema,
    subject: FindingSubjectSchema,
    counts: FindingCountsSchema,
    /** Sample values, null when the caller may not see them. */
    values: Type.Union([
      Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
      Type.Null(),
    ]),
    appVersion: Type.Union([Type.String(), Type.Null()]),
    /** Sources or platforms the subject was missing on (source_gap). */
    missingOn: Type.Array(Type.String()),
    suggestion: Type.Union([Type.String(), Type.Null()]),
  },
  strictObject,
);
export type FindingRow = Static<typeof FindingRow>;
export const ListFindingsOutput = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    items: Type.Array(FindingRow),
    byType: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  },
  strictObject,
);
export type ListFindingsOutput = Static<typeof ListFindingsOutput>;
