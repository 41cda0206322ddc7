import { Type, type Static } from '@sinclair/typebox';
import { strictObject } from '../primitives';
import { literals } from '../tracking-plan/model';

// Pushing the plan to analytics destinations: what a destination is told (settings), the keys it
// is reached with (credentials, never answered back), and what a preview or a push reports.

export const DESTINATION_KINDS = ['segment', 'amplitude', 'mparticle', 'rudderstack'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export const DestinationKindSchema = literals(DESTINATION_KINDS);

/** `upsert` never deletes and never touches what exists only in the destination; `mirror` also deletes what Tracemap put there and the plan no longer has. */
export const SYNC_MODES = ['upsert', 'mirror'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];
export const SyncModeSchema = literals(SYNC_MODES);

const DestinationName = Type.String({ minLength: 1, maxLength: 200 });
/** Plan name → the name the destination gets, for events and for properties. */
export const NameMappingsSchema = Type.Object(
  {
    events: Type.Optional(Type.Record(Type.String(), DestinationName)),
    properties: Type.Optional(Type.Record(Type.String(), DestinationName)),
  },
  strictObject,
);
export type NameMappings = Static<typeof NameMappingsSchema>;

const common = {
  mode: Type.Optional(SyncModeSchema),
  names: Type.Optional(NameMappingsSchema),
};
const RemoteId = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$' });

export const SegmentSettingsSchema = Type.Object(
  { kind: Type.Literal('segment'), trackingPlanId: RemoteId, ...common },
  strictObject,
);
export const AmplitudeSettingsSchema = Type.Object({ kind: Type.Literal('amplitude'), ...common }, strictObject);
export const MPARTICLE_CUSTOM_EVENT_TYPES = [
  'navigation',
  'location',
  'search',
  'transaction',
  'user_content',
  'user_preference',
  'social',
  'other',
] as const;
export const MparticleSettingsSchema = Type.Object(
  {
    kind: Type.Literal('mparticle'),
    workspaceId: RemoteId,
    planId: RemoteId,
    /** The custom event type every track event is planned under (mParticle matches on it). */
    customEventType: Type.Optional(literals(MPARTICLE_CUSTOM_EVENT_TYPES)),
    ...common,
  },
  strictObject,
);
export const RudderstackSettingsSchema = Type.Object(
  { kind: Type.Literal('rudderstack'), trackingPlanId: RemoteId, ...common },
  strictObject,
);
export const DestinationSettingsSchema = Type.Union([
  SegmentSettingsSchema,
  AmplitudeSettingsSchema,
  MparticleSettingsSchema,
  RudderstackSettingsSchema,
]);
export type SegmentSettings = Static<typeof SegmentSettingsSchema>;
export type AmplitudeSettings = Static<typeof AmplitudeSettingsSchema>;
export type MparticleSettings = Static<typeof MparticleSettingsSchema>;
export type RudderstackSettings = Static<typeof RudderstackSettingsSchema>;
export type DestinationSettings = Static<typeof DestinationSettingsSchema>;

const Secret = Type.String({ minLength: 1, maxLength: 2000 });
/** What a destination is reached with; stored encrypted and never sent back. */
export const DestinationCredentialsSchema = Type.Union([
  Type.Object({ kind: Type.Literal('segment'), token: Secret }, strictObject),
  Type.Object({ kind: Type.Literal('amplitude'), apiKey: Secret, secretKey: Secret }, strictObject),
  Type.Object({ kind: Type.Literal('mparticle'), clientId: Secret, clientSecret: Secret }, strictObject),
  Type.Object({ kind: Type.Literal('rudderstack'), token: Secret }, strictObject),
]);
export type DestinationCredentials = Static<typeof DestinationCredentialsSchema>;

export const OPERATION_ACTIONS = ['create', 'update', 'delete'] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];
/** One change a push makes to one item of the destination. */
export const DestinationOperationSchema = Type.Object(
  {
    action: literals(OPERATION_ACTIONS),
    /** What kind of item: `rule`, `event`, `event-property`, `user-property`, `data-point`, `catalog-event`, `catalog-property`, `plan-event`. */
    target: Type.String({ minLength: 1, maxLength: 40 }),
    /** The item's identity in the destination, stable across pushes. */
    key: Type.String({ minLength: 1 }),
  },
  strictObject,
);
export type DestinationOperation = Static<typeof DestinationOperationSchema>;

/** Something of the plan the destination cannot hold, a name it refuses, or one of its limits. */
export const DestinationWarningSchema = Type.Object(
  {
    code: literals(['not_representable', 'name_refused', 'name_collision', 'limit', 'not_editable'] as const),
    message: Type.String(),
    subject: Type.Optional(Type.String()),
  },
  strictObject,
);
export type DestinationWarning = Static<typeof DestinationWarningSchema>;

export const OPERATION_STATUSES = ['applied', 'failed'] as const;
export const OperationOutcomeSchema = Type.Object(
  {
    operation: DestinationOperationSchema,
    status: literals(OPERATION_STATUSES),
    /** The destination's answer when it refused (status and its message). */
    httpStatus: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
  },
  strictObject,
);
export type OperationOutcome = Static<typeof OperationOutcomeSchema>;

export const DestinationPreviewSchema = Type.Object(
  {
    destination: DestinationKindSchema,
    mode: SyncModeSchema,
    operations: Type.Array(DestinationOperationSchema),
    /** How many write calls the push would make. */
    writeCalls: Type.Integer({ minimum: 0 }),
    warnings: Type.Array(DestinationWarningSchema),
  },
  strictObject,
);
export type DestinationPreview = Static<typeof DestinationPreviewSchema>;
