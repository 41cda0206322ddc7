import { Type, type Static } from '@sinclair/typebox';
import type { CheckedCall } from '../auth/internal-client';
import { Nullable } from '../nullable';
import { strictObject, TimestampSchema, UuidSchema } from '../primitives';
import { literals } from '../tracking-plan/model';
import {
  DESTINATION_KINDS,
  DestinationCredentialsSchema,
  DestinationOperationSchema,
  DestinationPreviewSchema,
  DestinationSettingsSchema,
  OPERATION_STATUSES,
  SyncModeSchema,
} from './destinations';

// The destinations API of the integrations service: a company's destinations, the preview of
// a push, the push runs and their operations; and the company service's internal route that
// moves the company's lastSync once every destination took the plan.

export const DestinationsParams = Type.Object({ companyId: UuidSchema }, strictObject);
export const DestinationParams = Type.Object({ companyId: UuidSchema, id: UuidSchema }, strictObject);
export const SyncRunParams = Type.Object({ companyId: UuidSchema, runId: UuidSchema }, strictObject);
export const SyncSetParams = Type.Object({ companyId: UuidSchema, setId: UuidSchema }, strictObject);

const DestinationTypeSchema = literals(DESTINATION_KINDS);
const DestinationNameSchema = Type.String({ minLength: 1, maxLength: 100 });

/** `settings.kind` and `credentials.kind` must be `type`. */
export const CreateDestinationBody = Type.Object(
  {
    type: DestinationTypeSchema,
    name: DestinationNameSchema,
    mode: Type.Optional(SyncModeSchema),
    settings: DestinationSettingsSchema,
    credentials: DestinationCredentialsSchema,
  },
  strictObject,
);
export type CreateDestinationBody = Static<typeof CreateDestinationBody>;

/** "Test connection" before saving: what the setup form holds, checked against the vendor and never stored. */
export const TestDestinationBody = Type.Object(
  { type: DestinationTypeSchema, settings: DestinationSettingsSchema, credentials: DestinationCredentialsSchema },
  strictObject,
);
export type TestDestinationBody = Static<typeof TestDestinationBody>;

/** Credentials left out are kept; new ones replace them whole. */
export const UpdateDestinationBody = Type.Object(
  {
    name: Type.Optional(DestinationNameSchema),
    mode: Type.Optional(SyncModeSchema),
    settings: Type.Optional(DestinationSettingsSchema),
    credentials: Type.Optional(DestinationCredentialsSchema),
  },
  strictObject,
);
export type UpdateDestinationBody = Static<typeof UpdateDestinationBody>;

export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
const SyncRunStatusSchema = literals(SYNC_RUN_STATUSES);

export const SyncRunSummary = Type.Object(
  {
    id: UuidSchema,
    destinationId: UuidSchema,
    /** The push of several destinations together this run belongs to (a single push is a set of one). */
    setId: UuidSchema,
    status: SyncRunStatusSchema,
    createdAt: TimestampSchema,
    startedAt: Nullable(TimestampSchema),
    finishedAt: Nullable(TimestampSchema),
    /** Why the run failed as a whole (an operation's refusal is on the operation). */
    error: Nullable(Type.String()),
    writeCalls: Type.Integer({ minimum: 0 }),
    /** How many times a worker took it (more than one: taken over after a crash). */
    attempts: Type.Integer({ minimum: 0 }),
    applied: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  },
  strictObject,
);
export type SyncRunSummary = Static<typeof SyncRunSummary>;

export const SyncRunOperation = Type.Composite([
  DestinationOperationSchema,
  Type.Object({
    status: literals(OPERATION_STATUSES),
    httpStatus: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    recordedAt: TimestampSchema,
  }),
]);
export type SyncRunOperation = Static<typeof SyncRunOperation>;

export const SyncRunView = Type.Composite([SyncRunSummary, Type.Object({ operations: Type.Array(SyncRunOperation) })]);
export type SyncRunView = Static<typeof SyncRunView>;

export const SyncRunList = Type.Object({ runs: Type.Array(SyncRunSummary) }, strictObject);
export type SyncRunList = Static<typeof SyncRunList>;

/** A destination as anyone in the company reads it: never its credentials. */
export const DestinationView = Type.Object(
  {
    id: UuidSchema,
    type: DestinationTypeSchema,
    name: Type.String(),
    mode: SyncModeSchema,
    settings: DestinationSettingsSchema,
    lastSuccessAt: Nullable(TimestampSchema),
    lastError: Nullable(Type.String()),
    lastErrorAt: Nullable(TimestampSchema),
    /** The nightly check's count of differences between the plan and the destination. */
    drift: Nullable(Type.Object({ count: Type.Integer({ minimum: 0 }), checkedAt: TimestampSchema }, strictObject)),
    lastRun: Nullable(SyncRunSummary),
    createdAt: TimestampSchema,
  },
  strictObject,
);
export type DestinationView = Static<typeof DestinationView>;

export const DestinationList = Type.Object(
  {
    destinations: Type.Array(DestinationView),
    /** True when the destinations' addresses are this machine's stand-in (any credentials work). */
    localDestinations: Type.Boolean(),
  },
  strictObject,
);
export type DestinationList = Static<typeof DestinationList>;

export const DestinationTestAnswer = Type.Object(
  { ok: Type.Boolean(), message: Type.String(), code: Type.Optional(Type.String()) },
  strictObject,
);
export type DestinationTestAnswer = Static<typeof DestinationTestAnswer>;

export const DestinationPreviewAnswer = Type.Composite([
  DestinationPreviewSchema,
  Type.Object({
    /** The plan version the preview was computed from. */
    planVersion: Type.String(),
    counts: Type.Object({ create: Type.Integer(), update: Type.Integer(), delete: Type.Integer() }, strictObject),
  }),
]);
export type DestinationPreviewAnswer = Static<typeof DestinationPreviewAnswer>;

export const SyncStarted = Type.Object({ runId: UuidSchema, setId: UuidSchema }, strictObject);
export type SyncStarted = Static<typeof SyncStarted>;

/** The destinations pushed together: one plan version for all, lastSync moving only when every one succeeded. */
export const SyncSetBody = Type.Object(
  { destinationIds: Type.Array(UuidSchema, { minItems: 1, maxItems: 20, uniqueItems: true }) },
  strictObject,
);
export type SyncSetBody = Static<typeof SyncSetBody>;

/** The runs in the order of the destinations asked for. */
export const SyncSetStarted = Type.Object({ setId: UuidSchema, runIds: Type.Array(UuidSchema) }, strictObject);
export type SyncSetStarted = Static<typeof SyncSetStarted>;

export const SYNC_SET_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SyncSetStatus = (typeof SYNC_SET_STATUSES)[number];

/** `running` while a run is queued or running; then `succeeded` when every run did, else `failed`. */
export const SyncSetView = Type.Object(
  {
    id: UuidSchema,
    status: literals(SYNC_SET_STATUSES),
    /** The plan version every run pushes; null until the first run started. */
    planVersion: Nullable(Type.String()),
    createdAt: TimestampSchema,
    finishedAt: Nullable(TimestampSchema),
    runs: Type.Array(SyncRunSummary),
  },
  strictObject,
);
export type SyncSetView = Static<typeof SyncSetView>;

/** The company service's internal route: lastSync moves to `at` unless it is already later. */
export const LastSyncBody = Type.Object({ at: TimestampSchema }, strictObject);
export const LastSyncAnswer = Type.Object({ lastSync: Nullable(TimestampSchema) }, strictObject);

export function lastSyncClient(call: CheckedCall) {
  return {
    moveLastSync: (companyId: string, at: string, requestId?: string) =>
      call(`/internal/companies/${encodeURIComponent(companyId)}/last-sync`, {
        method: 'POST',
        body: { at },
        requestId,
        answer: LastSyncAnswer,
      }),
  };
}
