/**
 * The tracking plan's vocabulary as plain values, without schema objects, so
 * a browser bundle that needs only the option lists stays small. The TypeBox
 * schemas in model.ts and api.ts are built from these lists.
 */
export const ATTRIBUTE_SCOPES = ['event', 'user', 'view', 'system', 'group'] as const;
export const ATTRIBUTE_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'datetime',
  'object',
  'array',
  'any',
] as const;
export const ITEM_TYPES = ['string', 'integer', 'number', 'boolean', 'datetime', 'object', 'any'] as const;
export const VALIDATION_KINDS = ['none', 'enum', 'regex', 'range', 'length', 'format', 'const'] as const;
export const STRING_FORMATS = [
  'email',
  'uri',
  'uuid',
  'date',
  'date-time',
  'time',
  'ipv4',
  'ipv6',
  'hostname',
] as const;
/** planned → implemented → live → deprecated → archived; archived items leave lists and exports but are kept. */
export const PLAN_STATUSES = ['planned', 'implemented', 'live', 'deprecated', 'archived'] as const;
export const EVENT_KINDS = ['track', 'page', 'screen', 'identify', 'group'] as const;
export const VIEW_TYPES = ['page', 'screen', 'modal'] as const;
export const PRESENCES = ['required', 'optional'] as const;
export const ENTITY_KINDS = ['attribute', 'event', 'view'] as const;
export type AttributeScope = (typeof ATTRIBUTE_SCOPES)[number];
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export type ItemType = (typeof ITEM_TYPES)[number];
export type ValidationKind = (typeof VALIDATION_KINDS)[number];
export type StringFormat = (typeof STRING_FORMATS)[number];
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export type EventKind = (typeof EVENT_KINDS)[number];
export type ViewType = (typeof VIEW_TYPES)[number];
export type Presence = (typeof PRESENCES)[number];
export type EntityKind = (typeof ENTITY_KINDS)[number];
/** What history is kept for: the plan's entities and maps. */
export const HISTORY_ENTITY_KINDS = [...ENTITY_KINDS, 'map'] as const;
export type HistoryEntityKind = (typeof HISTORY_ENTITY_KINDS)[number];
/** A map's direction of flow: left to right or top to bottom. */
export const MAP_LAYOUTS = ['LR', 'TB'] as const;
export type MapLayout = (typeof MAP_LAYOUTS)[number];
/** A map holds at most this many nodes and edges (a company's plan has at most 2,000 views). */
export const MAP_NODES_MAX = 2000;
export const MAP_EDGES_MAX = 5000;
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;
export const LIST_SORTS = ['name', '-name', 'updatedAt', '-updatedAt', 'createdAt', '-createdAt'] as const;
export const LAYERS = ['system', 'map', 'view', 'event'] as const;
export const LINT_RULES = [
  'unique-name',
  'similar-name',
  'naming-case',
  'description',
  'consistent-type',
  'narrowing-override',
  'portable-regex',
  'valid-enum',
  'required-nullable',
  'any-type',
  'unused-attribute',
  'event-without-view',
  'deprecated-on-map',
  'pii-name',
] as const;
export const LINT_SEVERITIES = ['off', 'warning', 'error'] as const;
export const HISTORY_ACTIONS = ['created', 'updated', 'archived', 'restored', 'deleted', 'imported'] as const;
/**
 * Who wrote a history entry: the user in the app, or analytics discovery or the assistant
 * (a change it drafted) on that user's request.
 */
export const HISTORY_ACTORS = ['user', 'discovery', 'assistant'] as const;
export const EXPORT_FORMATS = ['native', 'csv', 'json-schema'] as const;
export const IMPORT_FORMATS = ['native', 'csv'] as const;
/** Import files are sent as the request body: JSON for native, `text/csv` for CSV. */
export const IMPORT_BODY_LIMIT_BYTES = 50 * 1024 * 1024;
/** A map is saved whole: its largest allowed nodes and edges (labels included) stay under this. */
export const MAP_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export type ListSort = (typeof LIST_SORTS)[number];
export type Layer = (typeof LAYERS)[number];
export type LintRule = (typeof LINT_RULES)[number];
export type LintSeverity = (typeof LINT_SEVERITIES)[number];
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const NATIVE_FORMAT = 'tracemap.tracking-plan' as const;
export const NATIVE_FORMAT_VERSION = 1 as const;
