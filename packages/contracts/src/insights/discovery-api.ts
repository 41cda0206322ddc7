import { Type, type Static } from '@sinclair/typebox';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';
import {
  FindingCountsSchema,
  FindingDetailsSchema,
  FindingLayerSchema,
  FindingStateSchema,
  FindingSeveritySchema,
  FindingSubjectSchema,
  FindingTypeSchema,
} from './findings';

// The discovery API of the insights service: uploads and their runs, the
// findings of a company's observed traffic, and plan against reality per event.

/** The formats an upload can be read as; `auto` looks at the first record. */
export const UPLOAD_FORMATS = [
  'auto',
  'ga4-bigquery',
  'amplitude-export',
  'segment',
  'rudderstack',
  'mparticle',
  'snowplow',
] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const EVENT_MATCHES = ['matched', 'unplanned', 'planned_unseen'] as const;
export type EventMatch = (typeof EVENT_MATCHES)[number];

const Cursor = Type.String({ maxLength: 500 });
const Limit = Type.Integer({ minimum: 1, maximum: 200 });

export const DiscoveryCompanyParams = Type.Object({ companyId: UuidSchema }, strictObject);
export const RunPathParams = Type.Object({ companyId: UuidSchema, runId: UuidSchema }, strictObject);
export const FindingPathParams = Type.Object({ companyId: UuidSchema, id: UuidSchema }, strictObject);

export const UploadQuery = Type.Object({ format: Type.Optional(literals(UPLOAD_FORMATS)) }, strictObject);
export type UploadQuery = Static<typeof UploadQuery>;

export const UploadAccepted = Type.Object({ runId: UuidSchema }, strictObject);
export type UploadAccepted = Static<typeof UploadAccepted>;

/** A line that could not be read, by its number in the file (1-based, across the entries of an archive). */
export const RunError = Type.Object({ line: Type.Integer({ minimum: 0 }), message: Type.String() }, strictObject);
export type RunError = Static<typeof RunError>;

export const RunSchema = Type.Object(
  {
    id: UuidSchema,
    sourceId: Type.Union([UuidSchema, Type.Null()]),
    /** The format the file is read as (resolved from `auto` once the first record is seen). */
    format: Type.Union([Type.String(), Type.Null()]),
    status: literals(RUN_STATUSES),
    /** Bytes of the file as uploaded. */
    bytes: Type.Integer(),
    lines: Type.Integer(),
    events: Type.Integer(),
    badLines: Type.Integer(),
    /** The first errors, at most 20. */
    errors: Type.Array(RunError),
    /** Why the run failed, when it did. */
    failure: Type.Union([Type.String(), Type.Null()]),
    createdAt: TimestampSchema,
    startedAt: Type.Union([TimestampSchema, Type.Null()]),
    finishedAt: Type.Union([TimestampSchema, Type.Null()]),
  },
  strictObject,
);
export type Run = Static<typeof RunSchema>;

export const RunListQuery = Type.Object({ cursor: Type.Optional(Cursor), limit: Type.Optional(Limit) }, strictObject);
export type RunListQuery = Static<typeof RunListQuery>;
export const RunPage = Type.Object(
  { items: Type.Array(RunSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  strictObject,
);
export type RunPage = Static<typeof RunPage>;

export const FindingSchema = Type.Object(
  {
    id: UuidSchema,
    type: FindingTypeSchema,
    severity: FindingSeveritySchema,
    layer: FindingLayerSchema,
    state: FindingStateSchema,
    subject: FindingSubjectSchema,
    counts: FindingCountsSchema,
    firstSeen: Type.Union([TimestampSchema, Type.Null()]),
    lastSeen: Type.Union([TimestampSchema, Type.Null()]),
    planVersion: Type.String(),
    details: FindingDetailsSchema,
  },
  strictObject,
);
export type Finding = Static<typeof FindingSchema>;

export const FindingListQuery = Type.Object(
  {
    type: Type.Optional(FindingTypeSchema),
    state: Type.Optional(FindingStateSchema),
    cursor: Type.Optional(Cursor),
    limit: Type.Optional(Limit),
  },
  strictObject,
);
export type FindingListQuery = Static<typeof FindingListQuery>;
export const FindingPage = Type.Object(
  { items: Type.Array(FindingSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  strictObject,
);
export type FindingPage = Static<typeof FindingPage>;

export const UpdateFindingBody = Type.Object({ state: FindingStateSchema }, strictObject);
export type UpdateFindingBody = Static<typeof UpdateFindingBody>;

export const ObservedEventsQuery = Type.Object(
  {
    match: Type.Optional(literals(EVENT_MATCHES)),
    /** Part of the event's name, case-insensitively. */
    q: Type.Optional(Type.String({ maxLength: 200 })),
    cursor: Type.Optional(Cursor),
    limit: Type.Optional(Limit),
  },
  strictObject,
);
export type ObservedEventsQuery = Static<typeof ObservedEventsQuery>;

/** One observed property of an event: how often it was there and the types it came in. */
export const ObservedProperty = Type.Object(
  {
    path: Type.String(),
    presence: Type.Integer(),
    /** Count per observed type (`string`, `integer`, `number`, `boolean`, `null`, `array`, `object`, string formats). */
    types: Type.Record(Type.String(), Type.Integer()),
  },
  strictObject,
);
export type ObservedProperty = Static<typeof ObservedProperty>;

/** One event of plan against reality: seen, planned, or both. */
export const ObservedEventItem = Type.Object(
  {
    name: Type.String(),
    kind: Type.Union([Type.String(), Type.Null()]),
    match: literals(EVENT_MATCHES),
    /** The plan's event it matched, when it did. */
    planEventId: Type.Union([Type.String(), Type.Null()]),
    volume: Type.Integer(),
    firstSeen: Type.Union([TimestampSchema, Type.Null()]),
    lastSeen: Type.Union([TimestampSchema, Type.Null()]),
    properties: Type.Array(ObservedProperty),
  },
  strictObject,
);
export type ObservedEventItem = Static<typeof ObservedEventItem>;
export const ObservedEventPage = Type.Object(
  { items: Type.Array(ObservedEventItem), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  strictObject,
);
export type ObservedEventPage = Static<typeof ObservedEventPage>;

const Count = Type.Integer({ minimum: 0 });
/** The figures on top of the discovery page, over the company's whole plan against reality and open findings. */
export const DiscoveryOverviewSchema = Type.Object(
  {
    /** Distinct observed event names (per kind). */
    observedEvents: Count,
    observedVolume: Count,
    /** The part of the observed volume that matched planned events. */
    plannedVolume: Count,
    plannedEvents: Count,
    /** Planned events seen at least once. */
    plannedSeen: Count,
    /** Observed names the plan does not have. */
    unplannedEvents: Count,
    openBySeverity: Type.Object({ low: Count, medium: Count, high: Count }, strictObject),
    /** The plan version the figures were judged against; null before anything was judged. */
    planVersion: Type.Union([Type.String(), Type.Null()]),
  },
  strictObject,
);
export type DiscoveryOverview = Static<typeof DiscoveryOverviewSchema>;

export const CollectParams = Type.Object({ ingestKey: Type.String({ minLength: 1, maxLength: 200 }) }, strictObject);
/** The collector's answer: how many records were taken and how many events they became. */
export const CollectAccepted = Type.Object(
  { accepted: Type.Integer(), events: Type.Integer(), rejected: Type.Integer() },
  strictObject,
);
export type CollectAccepted = Static<typeof CollectAccepted>;
