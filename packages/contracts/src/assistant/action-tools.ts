import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from '../primitives';
import { EntityId, literals } from '../tracking-plan/model';

// Tools the service executes itself: a query against a connected data source
// (its result stored with an id the answer cites as `[[query:id]]`), and a
// drafted change that nothing applies until a person does.

// ——— query_source ———
export const SOURCE_QUERY_KINDS = ['ga4_run_report', 'amplitude_segmentation'] as const;
export type SourceQueryKind = (typeof SOURCE_QUERY_KINDS)[number];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const QuerySourceInput = Type.Object(
  {
    sourceId: UuidSchema,
    kind: literals(SOURCE_QUERY_KINDS),
    /** Event names to count; every event when empty (GA4 only). */
    events: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 10 }),
    metric: literals(['event_count', 'total_users'] as const),
    /** A dimension to split by: `date`, `platform`, `app_version`, or an event property. */
    groupBy: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    start: Day,
    end: Day,
  },
  strictObject,
);
export type QuerySourceInput = Static<typeof QuerySourceInput>;
const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
/** A result as stored: columns, and rows of cells in their order. */
export const StoredQueryResult = Type.Object(
  {
    queryId: UuidSchema,
    sourceId: UuidSchema,
    kind: literals(SOURCE_QUERY_KINDS),
    columns: Type.Array(Type.String()),
    rows: Type.Array(Type.Array(Cell)),
    ranAt: Type.String({ format: 'date-time' }),
  },
  strictObject,
);
export type StoredQueryResult = Static<typeof StoredQueryResult>;
export const QuerySourceOutput = Type.Object(
  {
    queryId: UuidSchema,
    columns: Type.Array(Type.String()),
    /** At most the first rows; `rowCount` says how many there were. */
    rows: Type.Array(Type.Array(Cell)),
    rowCount: Type.Integer({ minimum: 0 }),
    truncated: Type.Boolean(),
    /** Sums of the numeric columns over every row. */
    totals: Type.Record(Type.String(), Type.Number()),
    /** The result as a markdown table, for the model and for offline answers. */
    table: Type.String(),
  },
  strictObject,
);
export type QuerySourceOutput = Static<typeof QuerySourceOutput>;

// ——— propose_change ———
export const PROPOSED_ACTIONS = ['create', 'update', 'archive'] as const;
export const ProposeChangeInput = Type.Object(
  {
    action: literals(PROPOSED_ACTIONS),
    entity: literals(['event', 'attribute', 'view'] as const),
    /** The item to change; absent when creating. */
    id: Type.Optional(EntityId),
    /** Fields as the plan's create and update bodies name them. */
    fields: Type.Record(Type.String(), Type.Unknown()),
    reason: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  strictObject,
);
export type ProposeChangeInput = Static<typeof ProposeChangeInput>;
export const ProposeChangeOutput = Type.Object(
  {
    draft: ProposeChangeInput,
    /** The change in words, for the person who may apply it. */
    summary: Type.String(),
    /** Always true: a proposal is never applied by the assistant. */
    needsConfirmation: Type.Literal(true),
  },
  strictObject,
);
export type ProposeChangeOutput = Static<typeof ProposeChangeOutput>;
