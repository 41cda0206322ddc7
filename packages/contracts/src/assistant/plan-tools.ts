import { Type, type Static } from '@sinclair/typebox';
import { strictObject } from '../primitives';
import { LayerSchema } from '../tracking-plan/api';
import {
  AttributeScopeSchema,
  AttributeTypeSchema,
  EntityId,
  EventKindSchema,
  PlanStatusSchema,
  PresenceSchema,
  ValidationSchema,
  ViewTypeSchema,
  literals,
} from '../tracking-plan/model';

// Read-only tools over the plan at one version. Entities are named by id or by
// name (folded: `product_viewed` finds "Product Viewed"). Viewers never see
// attributes that are not exposed, and never the values of personal ones.

/** An event, attribute, view or map as a name to find it by: its id, its name, or a folded form of it. */
const Subject = Type.String({ minLength: 1, maxLength: 200 });
const Limit = (max: number) => Type.Optional(Type.Integer({ minimum: 1, maximum: max }));

export const PLAN_ITEM_KINDS = ['event', 'attribute', 'view', 'map'] as const;
export type PlanItemKind = (typeof PLAN_ITEM_KINDS)[number];
export const PlanItemKindSchema = literals(PLAN_ITEM_KINDS);

/** The short form of an item in lists and results. */
export const PlanItemRef = Type.Object({ id: EntityId, name: Type.String() }, strictObject);
export type PlanItemRef = Static<typeof PlanItemRef>;

// ——— search_plan ———
export const SearchPlanInput = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 200 }),
    kinds: Type.Optional(Type.Array(PlanItemKindSchema, { maxItems: 4, uniqueItems: true })),
    limit: Limit(50),
  },
  strictObject,
);
export type SearchPlanInput = Static<typeof SearchPlanInput>;
export const SEARCH_MATCHES = ['name', 'folded_name', 'similar_name', 'words', 'tag', 'description', 'view'] as const;
export const SearchPlanHit = Type.Object(
  {
    kind: PlanItemKindSchema,
    id: EntityId,
    name: Type.String(),
    status: PlanStatusSchema,
    score: Type.Number(),
    /** How the item matched, strongest first. */
    matchedOn: Type.Array(literals(SEARCH_MATCHES)),
  },
  strictObject,
);
export type SearchPlanHit = Static<typeof SearchPlanHit>;
export const SearchPlanOutput = Type.Object(
  { query: Type.String(), total: Type.Integer({ minimum: 0 }), results: Type.Array(SearchPlanHit) },
  strictObject,
);
export type SearchPlanOutput = Static<typeof SearchPlanOutput>;

// ——— get_event ———
export const GetEventInput = Type.Object({ event: Subject }, strictObject);
export type GetEventInput = Static<typeof GetEventInput>;
/** One layer an attribute came through on its way to the event. */
export const AttributeLayerRef = Type.Object(
  { layer: LayerSchema, id: Type.Optional(EntityId), name: Type.Optional(Type.String()), presence: PresenceSchema },
  strictObject,
);
export const EventAttributeSchema = Type.Object(
  {
    id: EntityId,
    name: Type.String(),
    type: AttributeTypeSchema,
    presence: PresenceSchema,
    /** The most specific layer that brought it, and every layer on the way. */
    layer: LayerSchema,
    from: Type.Array(AttributeLayerRef),
    pii: Type.Boolean(),
    /** Null when the caller may not see the attribute's values (a personal attribute, for a viewer). */
    validation: Type.Union([ValidationSchema, Type.Null()]),
  },
  strictObject,
);
export type EventAttribute = Static<typeof EventAttributeSchema>;
export const PlanEventSummary = Type.Object(
  {
    id: EntityId,
    name: Type.String(),
    displayName: Type.String(),
    description: Type.String(),
    kind: EventKindSchema,
    category: Type.String(),
    status: PlanStatusSchema,
    tags: Type.Array(Type.String()),
    owners: Type.Array(Type.String()),
    trigger: Type.String(),
  },
  strictObject,
);
export type PlanEventSummary = Static<typeof PlanEventSummary>;
export const GetEventOutput = Type.Object(
  {
    found: Type.Boolean(),
    event: Type.Union([PlanEventSummary, Type.Null()]),
    attributes: Type.Array(EventAttributeSchema),
    attributeCount: Type.Integer({ minimum: 0 }),
    /** Views it fires on, with the trigger in words when the view says one. */
    views: Type.Array(Type.Object({ id: EntityId, name: Type.String(), trigger: Type.String() }, strictObject)),
    maps: Type.Array(PlanItemRef),
    /** Items with a similar name, when nothing had this one. */
    suggestions: Type.Array(PlanItemRef),
  },
  strictObject,
);
export type GetEventOutput = Static<typeof GetEventOutput>;

// ——— get_attribute ———
export const GetAttributeInput = Type.Object({ attribute: Subject, limit: Limit(200) }, strictObject);
export type GetAttributeInput = Static<typeof GetAttributeInput>;
export const PlanAttributeSummary = Type.Object(
  {
    id: EntityId,
    name: Type.String(),
    description: Type.String(),
    scope: AttributeScopeSchema,
    type: AttributeTypeSchema,
    status: PlanStatusSchema,
    pii: Type.Boolean(),
    exposed: Type.Boolean(),
    tags: Type.Array(Type.String()),
    owners: Type.Array(Type.String()),
    validation: Type.Union([ValidationSchema, Type.Null()]),
  },
  strictObject,
);
export type PlanAttributeSummary = Static<typeof PlanAttributeSummary>;
export const GetAttributeOutput = Type.Object(
  {
    found: Type.Boolean(),
    attribute: Type.Union([PlanAttributeSummary, Type.Null()]),
    /** Events that carry it, with the layer it reaches each one from. */
    eventCount: Type.Integer({ minimum: 0 }),
    events: Type.Array(
      Type.Object({ id: EntityId, name: Type.String(), presence: PresenceSchema, layer: LayerSchema }, strictObject),
    ),
    suggestions: Type.Array(PlanItemRef),
  },
  strictObject,
);
export type GetAttributeOutput = Static<typeof GetAttributeOutput>;

// ——— get_view ———
export const GetViewInput = Type.Object({ view: Subject }, strictObject);
export type GetViewInput = Static<typeof GetViewInput>;
export const GetViewOutput = Type.Object(
  {
    found: Type.Boolean(),
    view: Type.Union([
      Type.Object(
        {
          id: EntityId,
          name: Type.String(),
          description: Type.String(),
          type: ViewTypeSchema,
          urlPattern: Type.String(),
          status: PlanStatusSchema,
          tags: Type.Array(Type.String()),
        },
        strictObject,
      ),
      Type.Null(),
    ]),
    events: Type.Array(Type.Object({ id: EntityId, name: Type.String(), trigger: Type.String() }, strictObject)),
    attributes: Type.Array(Type.Object({ id: EntityId, name: Type.String(), presence: PresenceSchema }, strictObject)),
    maps: Type.Array(PlanItemRef),
    suggestions: Type.Array(PlanItemRef),
  },
  strictObject,
);
export type GetViewOutput = Static<typeof GetViewOutput>;

// ——— get_map ———
export const GetMapInput = Type.Object(
  {
    map: Type.Optional(Subject),
    /** With `to`: the paths between these two views, shortest first. */
    from: Type.Optional(Subject),
    to: Type.Optional(Subject),
    maxPaths: Limit(20),
  },
  strictObject,
);
export type GetMapInput = Static<typeof GetMapInput>;
export const MapStep = Type.Object(
  { view: PlanItemRef, event: Type.Union([PlanItemRef, Type.Null()]), label: Type.String() },
  strictObject,
);
export const GetMapOutput = Type.Object(
  {
    found: Type.Boolean(),
    map: Type.Union([
      Type.Object({ id: EntityId, name: Type.String(), status: PlanStatusSchema }, strictObject),
      Type.Null(),
    ]),
    views: Type.Array(PlanItemRef),
    edges: Type.Array(
      Type.Object(
        { from: EntityId, to: EntityId, eventId: Type.Union([EntityId, Type.Null()]), label: Type.String() },
        strictObject,
      ),
    ),
    from: Type.Union([PlanItemRef, Type.Null()]),
    to: Type.Union([PlanItemRef, Type.Null()]),
    /** Each path: the views from `from` to `to` in order; the step into a view names the edge's event and label. */
    paths: Type.Array(Type.Array(MapStep)),
    pathCount: Type.Integer({ minimum: 0 }),
    suggestions: Type.Array(PlanItemRef),
  },
  strictObject,
);
export type GetMapOutput = Static<typeof GetMapOutput>;

// ——— list_items ———
export const ListItemsInput = Type.Object(
  {
    kind: PlanItemKindSchema,
    tag: Type.Optional(Type.String({ maxLength: 50 })),
    owner: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(PlanStatusSchema),
    category: Type.Optional(Type.String({ maxLength: 100 })),
    scope: Type.Optional(AttributeScopeSchema),
    limit: Limit(200),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  strictObject,
);
export type ListItemsInput = Static<typeof ListItemsInput>;
export const ListItemsOutput = Type.Object(
  {
    kind: PlanItemKindSchema,
    /** Items matching the filters; `items` is one page of them. */
    total: Type.Integer({ minimum: 0 }),
    items: Type.Array(
      Type.Object(
        { id: EntityId, name: Type.String(), status: PlanStatusSchema, tags: Type.Array(Type.String()) },
        strictObject,
      ),
    ),
    /** Matching items per status. */
    byStatus: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  },
  strictObject,
);
export type ListItemsOutput = Static<typeof ListItemsOutput>;
