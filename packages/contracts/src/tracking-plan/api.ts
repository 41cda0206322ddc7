import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AttributeSchema,
  AttributeScopeSchema,
  AttributeTypeSchema,
  EntityId,
  EntityKindSchema,
  EventKindSchema,
  EventSchema,
  PlanStatusSchema,
  PresenceSchema,
  ValidationSchema,
  ViewSchema,
  ViewTypeSchema,
  literals,
} from './model';
import {
  PAGE_LIMIT_MAX,
  LIST_SORTS,
  LAYERS,
  LINT_RULES,
  LINT_SEVERITIES,
  HISTORY_ACTIONS,
  HISTORY_ACTORS,
  HISTORY_ENTITY_KINDS,
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  type LintRule,
  type LintSeverity,
} from './vocabulary';
import { strictObject as strict } from '../primitives';

// ——— Paths and headers ———
export const CompanyPathParams = Type.Object({ companyId: EntityId }, strict);
export const EntityPathParams = Type.Object({ companyId: EntityId, id: EntityId }, strict);
export type EntityPath = Static<typeof EntityPathParams>;
/** `If-Match: 3` (or `"3"`): the version the editor started from. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({ pattern: '^(W/)?"?[0-9]{1,9}"?$' })),
});

// ——— Lists ———

const listQueryFields = {
  /** Matches name, display name, description and tags, case-insensitively. */
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(PlanStatusSchema),
  tag: Type.Optional(Type.String({ maxLength: 50 })),
  /** Archived items leave lists unless asked for (or `status=archived`). */
  includeArchived: Type.Optional(Type.Boolean()),
  sort: Type.Optional(literals(LIST_SORTS)),
  /** Opaque; taken from the previous page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
  /** Read and write inside this proposal instead of the live plan. */
  proposal: Type.Optional(EntityId),
};
export const AttributeListQuery = Type.Object(
  { ...listQueryFields, scope: Type.Optional(AttributeScopeSchema), type: Type.Optional(AttributeTypeSchema) },
  strict,
);
export const EventListQuery = Type.Object({ ...listQueryFields, kind: Type.Optional(EventKindSchema) }, strict);
export const ViewListQuery = Type.Object({ ...listQueryFields, type: Type.Optional(ViewTypeSchema) }, strict);
export type AttributeListFilters = Static<typeof AttributeListQuery>;
export type EventListFilters = Static<typeof EventListQuery>;
export type ViewListFilters = Static<typeof ViewListQuery>;

/** One page of any list: `{ items, nextCursor, total }`; `nextCursor` is null on the last page. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), nextCursor: Type.Union([Type.String(), Type.Null()]), total: Type.Integer() });
export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
export const AttributePage = Page(AttributeSchema);
export const EventPage = Page(EventSchema);
export const ViewPage = Page(ViewSchema);

// ——— Detail with usage ———
export const EntityRef = Type.Object({ id: EntityId, name: Type.String(), status: Type.Optional(Type.String()) });
export type EntityRef = Static<typeof EntityRef>;
/** Where an entity is used: the events, views and maps that reference it. */
export const UsedBySchema = Type.Object({
  events: Type.Array(EntityRef),
  views: Type.Array(EntityRef),
  maps: Type.Array(EntityRef),
});
export type UsedBy = Static<typeof UsedBySchema>;
export const AttributeDetail = Type.Composite([AttributeSchema, Type.Object({ usedBy: UsedBySchema })]);
export const EventDetail = Type.Composite([EventSchema, Type.Object({ usedBy: UsedBySchema })]);
export const ViewDetail = Type.Composite([ViewSchema, Type.Object({ usedBy: UsedBySchema })]);
export type AttributeDetail = Static<typeof AttributeDetail>;
export type EventDetail = Static<typeof EventDetail>;
export type ViewDetail = Static<typeof ViewDetail>;

// ——— Effective attributes and schema ———
export const LayerSchema = literals(LAYERS);
/** One layer an effective attribute came through: the layer, and which view or map when it is one. */
export const LayerSource = Type.Object({
  layer: LayerSchema,
  id: Type.Optional(EntityId),
  name: Type.Optional(Type.String()),
  presence: PresenceSchema,
});
export type LayerSource = Static<typeof LayerSource>;
export const EffectiveAttributeSchema = Type.Object({
  attribute: AttributeSchema,
  presence: PresenceSchema,
  /** The attribute's validation narrowed by every override on the way. */
  validation: ValidationSchema,
  /** The most specific layer that contributed it. */
  layer: LayerSchema,
  sources: Type.Array(LayerSource),
});
export type EffectiveAttribute = Static<typeof EffectiveAttributeSchema>;
export const EffectiveAttributesResponse = Type.Object({
  eventId: EntityId,
  attributeInheritance: Type.Boolean(),
  attributes: Type.Array(EffectiveAttributeSchema),
});
export type EffectiveAttributesResponse = Static<typeof EffectiveAttributesResponse>;
/** A draft-07 JSON Schema; its shape is JSON Schema's, not ours. */
export const JsonSchemaDocument = Type.Record(Type.String(), Type.Unknown());

// ——— Lint ———
export const LintSeveritySchema = literals(LINT_SEVERITIES);
/** Per-company severities; rules not named keep their default. */
export const LintSettingsSchema = Type.Partial(
  Type.Object(
    Object.fromEntries(LINT_RULES.map((r) => [r, LintSeveritySchema])) as Record<LintRule, typeof LintSeveritySchema>,
  ),
  strict,
);
export type LintSettings = Partial<Record<LintRule, LintSeverity>>;
export const LintFindingSchema = Type.Object({
  rule: literals(LINT_RULES),
  severity: Type.Union([Type.Literal('warning'), Type.Literal('error')]),
  entityKind: Type.Union([EntityKindSchema, Type.Literal('map')]),
  entityId: Type.Optional(Type.String()),
  entityName: Type.String(),
  /** The field the finding is about, for inline display in an editor. */
  field: Type.Optional(Type.String()),
  message: Type.String(),
});
export type LintFinding = Static<typeof LintFindingSchema>;
export const LintReport = Type.Object({
  findings: Type.Array(LintFindingSchema),
  errors: Type.Integer(),
  warnings: Type.Integer(),
});
export type LintReport = Static<typeof LintReport>;

// ——— History ———
export const FieldChangeSchema = Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() });
export type FieldChange = Static<typeof FieldChangeSchema>;
export const HistoryEntrySchema = Type.Object({
  id: Type.String(),
  entityKind: literals(HISTORY_ENTITY_KINDS),
  entityId: EntityId,
  action: literals(HISTORY_ACTIONS),
  actorUserId: Type.Union([EntityId, Type.Null()]),
  actorName: Type.Union([Type.String(), Type.Null()]),
  /** `discovery`: written by analytics discovery when the user triaged a finding. */
  actor: Type.Optional(literals(HISTORY_ACTORS)),
  at: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  changes: Type.Array(FieldChangeSchema),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export const HistoryPage = Page(HistoryEntrySchema);
export const HistoryQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
    /** Read and write inside this proposal instead of the live plan. */
    proposal: Type.Optional(EntityId),
  },
  strict,
);

// ——— Import and export ———
export const ExportQuery = Type.Object(
  { format: Type.Optional(literals(EXPORT_FORMATS)), proposal: Type.Optional(EntityId) },
  strict,
);
export const ImportQuery = Type.Object(
  { format: literals(IMPORT_FORMATS), dryRun: Type.Optional(Type.Boolean()), proposal: Type.Optional(EntityId) },
  strict,
);

export const DiffEntrySchema = Type.Object({
  kind: literals(HISTORY_ENTITY_KINDS),
  name: Type.String(),
  id: Type.Optional(EntityId),
  changes: Type.Optional(Type.Array(FieldChangeSchema)),
});
export type DiffEntry = Static<typeof DiffEntrySchema>;
export const RejectedRowSchema = Type.Object({
  /** 1-based row of a CSV file (the header is row 1), or the JSON path of a native entry. */
  row: Type.Union([Type.Integer(), Type.String()]),
  kind: Type.Optional(literals(HISTORY_ENTITY_KINDS)),
  name: Type.Optional(Type.String()),
  reason: Type.String(),
});
export type RejectedRow = Static<typeof RejectedRowSchema>;
export const ImportDiffSchema = Type.Object({
  format: literals(IMPORT_FORMATS),
  dryRun: Type.Boolean(),
  /** True when the diff was written; never true when anything was rejected. */
  applied: Type.Boolean(),
  added: Type.Array(DiffEntrySchema),
  changed: Type.Array(DiffEntrySchema),
  unchanged: Type.Integer(),
  rejected: Type.Array(RejectedRowSchema),
});
export type ImportDiff = Static<typeof ImportDiffSchema>;

// ——— Errors with data ———
/** 409 `version_conflict`: the entity as it now is, so the editor can show what changed. */
export interface VersionConflictBody<T> {
  statusCode: 409;
  code: 'version_conflict';
  message: string;
  current: T;
}
/** 422 `lint_failed`: the findings with severity `error` that blocked the save. */
export interface LintFailedBody {
  statusCode: 422;
  code: 'lint_failed';
  message: string;
  findings: LintFinding[];
}
