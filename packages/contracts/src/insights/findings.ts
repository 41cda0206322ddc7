import { Type, type Static } from '@sinclair/typebox';
import { TimestampSchema } from '../primitives';
import { EntityId, literals } from '../tracking-plan/model';
import { LayerSchema } from '../tracking-plan/api';

/**
 * What discovery can find when it compares observed traffic with the plan.
 * The list is closed: clients filter and label by these names.
 */
export const FINDING_TYPES = [
  'unplanned_event',
  'unplanned_property',
  'missing_required',
  'type_mismatch',
  'type_inconsistent',
  'enum_violation',
  'pattern_violation',
  'planned_not_seen',
  'deprecated_still_firing',
  'name_case',
  'similar_name',
  'source_gap',
  'volume_shift',
  'view_coverage',
  'pii_suspect',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];
export const FindingTypeSchema = literals(FINDING_TYPES);

/** Triage: open until someone acknowledges or ignores it; resolved when a judgement no longer raises it. */
export const FINDING_STATES = ['open', 'acknowledged', 'ignored', 'resolved'] as const;
export type FindingState = (typeof FINDING_STATES)[number];
export const FindingStateSchema = literals(FINDING_STATES);

export const FINDING_SEVERITIES = ['low', 'medium', 'high'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
export const FindingSeveritySchema = literals(FINDING_SEVERITIES);

/**
 * The inheritance layer where one fix clears the finding: the system, a map,
 * a view (its link of the attribute) or the event itself. `id` and `name` name
 * the map, view or event; the system layer has neither.
 */
export const FindingLayerSchema = Type.Object(
  {
    layer: LayerSchema,
    id: Type.Optional(EntityId),
    name: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type FindingLayer = Static<typeof FindingLayerSchema>;

/**
 * What the finding is about, by name as the apps send it (or as the plan
 * names it when it was never seen or when several observed names are that one
 * planned event). A finding filed on a view, a map or the system for every
 * event it reaches there names `*` as the event (the events are listed in
 * `details.events`); a finding about a whole view (`view_coverage`) names the
 * view, and its layer is that view.
 */
export const FindingSubjectSchema = Type.Object(
  {
    event: Type.String(),
    /** A property path: nested objects joined with dots, array items as `path[]`. */
    property: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type FindingSubject = Static<typeof FindingSubjectSchema>;

/**
 * How big the finding is: `observed` events (or values) looked at, `affected`
 * the ones that show the problem, `rate` = affected / observed where a share
 * matters (missing_required, type_inconsistent, volume_shift…).
 */
export const FindingCountsSchema = Type.Object(
  {
    observed: Type.Integer({ minimum: 0 }),
    affected: Type.Integer({ minimum: 0 }),
    rate: Type.Optional(Type.Number({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type FindingCounts = Static<typeof FindingCountsSchema>;

/**
 * Extra facts per type; every field is optional and only the ones a type
 * needs are set. Values here are never personal (they come from the
 * profile's redacted sketch).
 */
export const FindingDetailsSchema = Type.Object({
  /** The planned event or view the subject was matched with, when there is one. */
  planEventId: Type.Optional(EntityId),
  planAttributeId: Type.Optional(EntityId),
  viewId: Type.Optional(EntityId),
  /** Name the fix probably is (similar_name, name_case). */
  suggestion: Type.Optional(Type.String()),
  expectedType: Type.Optional(Type.String()),
  /** Observed type counts, e.g. `{ integer: 840, string: 160 }`. */
  observedTypes: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
  /** The app version and/or platform that brought the other type or the volume change. */
  appVersion: Type.Optional(Type.String()),
  platform: Type.Optional(Type.String()),
  previousAppVersion: Type.Optional(Type.String()),
  /** Sources or platforms where the subject was seen, and where it was missing (source_gap). */
  seenOn: Type.Optional(Type.Array(Type.String())),
  missingOn: Type.Optional(Type.Array(Type.String())),
  /** Planned status of the matched event (deprecated_still_firing). */
  status: Type.Optional(Type.String()),
  /** Non-personal sample values that broke the rule (enum_violation, pattern_violation). */
  values: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))),
  /** Events the finding covers when it sits on a view, map or the system. */
  events: Type.Optional(Type.Array(Type.String())),
  message: Type.Optional(Type.String()),
});
export type FindingDetails = Static<typeof FindingDetailsSchema>;

/**
 * One finding as a judgement of a profile against a plan version produces it,
 * before storage adds an id and a triage state. `fingerprint` is stable across
 * judgements (type + subject + layer), so storage can keep the state.
 */
export const JudgedFindingSchema = Type.Object(
  {
    fingerprint: Type.String({ minLength: 1 }),
    type: FindingTypeSchema,
    severity: FindingSeveritySchema,
    layer: FindingLayerSchema,
    subject: FindingSubjectSchema,
    counts: FindingCountsSchema,
    /** Null for what was never seen (planned_not_seen, view_coverage). */
    firstSeen: Type.Union([TimestampSchema, Type.Null()]),
    lastSeen: Type.Union([TimestampSchema, Type.Null()]),
    planVersion: Type.String(),
    details: FindingDetailsSchema,
  },
  { additionalProperties: false },
);
export type JudgedFinding = Static<typeof JudgedFindingSchema>;
