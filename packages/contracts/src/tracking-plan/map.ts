import { Type, type Static } from '@sinclair/typebox';
import { AttributeLinkSchema, Description, EntityId, PlanName, PlanStatusSchema, literals } from './model';
import { EntityRef, Page } from './api';
import { optionalInputFields } from '../nullable';
import { LIST_SORTS, MAP_EDGES_MAX, MAP_LAYOUTS, MAP_NODES_MAX, PAGE_LIMIT_MAX } from './vocabulary';
import { strictObject as strict } from '../primitives';

// A map is a journey over the company's views: nodes place views on a canvas,
// edges say the user moves from one view to another, maybe through an event.

export const MapLayoutSchema = literals(MAP_LAYOUTS);

/** Canvas coordinates; bounded so a stray value cannot make the canvas unusable. */
const Coordinate = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 });

export const MapNodeSchema = Type.Object({ viewId: EntityId, x: Coordinate, y: Coordinate }, strict);
export type MapNode = Static<typeof MapNodeSchema>;

const edgeFields = {
  /** The view of the node the user comes from; it must be a node of this map. */
  from: EntityId,
  /** The view of the node the user goes to; it must be a node of this map. */
  to: EntityId,
  /** The event that moves the user along this edge, if any. */
  eventId: Type.Optional(Type.Union([EntityId, Type.Null()])),
  label: Type.Optional(Type.String({ maxLength: 200 })),
};
export const MapEdgeSchema = Type.Object({ id: EntityId, ...edgeFields }, strict);
export type MapEdge = Static<typeof MapEdgeSchema>;
/** Editors may name their edges' ids; the server gives one to an edge sent without. */
export const MapEdgeInputSchema = Type.Object({ id: Type.Optional(EntityId), ...edgeFields }, strict);
export type MapEdgeInput = Static<typeof MapEdgeInputSchema>;

const mapFields = {
  name: PlanName,
  description: Description,
  /** Attributes of every event that fires on a view of this map (between system and view attributes). */
  attributes: Type.Array(AttributeLinkSchema, { maxItems: 500 }),
  nodes: Type.Array(MapNodeSchema, { maxItems: MAP_NODES_MAX }),
  layout: MapLayoutSchema,
  status: PlanStatusSchema,
};
export const MapSchema = Type.Object({
  id: EntityId,
  ...mapFields,
  edges: Type.Array(MapEdgeSchema, { maxItems: MAP_EDGES_MAX }),
  version: Type.Integer({ minimum: 1, description: 'Increases on every change; send it back as If-Match.' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type PlanMap = Static<typeof MapSchema>;

const edgeInputs = Type.Array(MapEdgeInputSchema, { maxItems: MAP_EDGES_MAX });
const mapInputFields = { ...mapFields, edges: edgeInputs };
const { name: _name, ...restOfMapInput } = mapInputFields;

/** Create: a name is required; an empty map flows left to right and is planned. */
export const CreateMapBody = Type.Object({ name: PlanName, ...optionalInputFields(restOfMapInput) }, strict);
export type CreateMapInput = Static<typeof CreateMapBody>;
/** `attributes`, `nodes` and `edges` replace the map's as a whole; edges must connect the map's nodes after the change. */
export const UpdateMapBody = Type.Object(optionalInputFields(mapInputFields), { ...strict, minProperties: 1 });
export type UpdateMapInput = Static<typeof UpdateMapBody>;

export const MapListQuery = Type.Object(
  {
    /** Matches name and description, case-insensitively. */
    search: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(PlanStatusSchema),
    includeArchived: Type.Optional(Type.Boolean()),
    sort: Type.Optional(literals(LIST_SORTS)),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
    /** Read inside this proposal instead of the live plan. */
    proposal: Type.Optional(EntityId),
  },
  strict,
);
export type MapListFilters = Static<typeof MapListQuery>;

/** A list item: the map without its nodes, edges and links (a page of full maps could be megabytes), with their counts. */
export const MapSummarySchema = Type.Object({
  id: EntityId,
  name: Type.String(),
  description: Type.String(),
  layout: MapLayoutSchema,
  status: PlanStatusSchema,
  nodeCount: Type.Integer(),
  edgeCount: Type.Integer(),
  attributeCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type MapSummary = Static<typeof MapSummarySchema>;
export const MapPage = Page(MapSummarySchema);

/** The map with what its nodes and edges name, so an editor can label them without loading every view and event. */
export const MapDetail = Type.Composite([
  MapSchema,
  Type.Object({ references: Type.Object({ views: Type.Array(EntityRef), events: Type.Array(EntityRef) }) }),
]);
export type MapDetail = Static<typeof MapDetail>;
