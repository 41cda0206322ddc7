import { Type, type Static } from '@sinclair/typebox';
import {
  AttributeScopeSchema,
  AttributeTypeSchema,
  EntityId,
  EventKindSchema,
  PlanStatusSchema,
  PresenceSchema,
  ViewTypeSchema,
} from './model';
import { MapEdgeSchema, MapLayoutSchema, MapNodeSchema } from './map';
import { strictObject as strict } from '../primitives';

// A map's read-only preview and the public link that opens it without an account.

/**
 * Whether the map has a live public link. The token is shown once, in the
 * answer that creates it (only its hash is kept), so `token` is null on reads.
 */
export const MapShareStateSchema = Type.Object({
  enabled: Type.Boolean(),
  token: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MapShareState = Static<typeof MapShareStateSchema>;

/** A public-link token: 32 random bytes in base64url (43 characters). */
export const MAP_SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

export const MapPreviewPathParams = Type.Object({ mapId: EntityId }, strict);
/**
 * `token` opens the preview of a shared map without signing in; without it
 * the caller must be a member of the map's company. A malformed token answers
 * like a wrong one (404), so the query schema accepts any short string.
 */
export const MapPreviewQuery = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  strict,
);
export type MapPreviewQueryInput = Static<typeof MapPreviewQuery>;

export const MapPreviewViewSchema = Type.Object({
  id: EntityId,
  name: Type.String(),
  type: ViewTypeSchema,
  urlPattern: Type.String(),
  status: PlanStatusSchema,
  /** The events that fire on this view, by id (each one is in `events`). */
  events: Type.Array(EntityId),
});
export type MapPreviewView = Static<typeof MapPreviewViewSchema>;

export const MapPreviewEventSchema = Type.Object({
  id: EntityId,
  name: Type.String(),
  description: Type.String(),
  kind: EventKindSchema,
  status: PlanStatusSchema,
});
export type MapPreviewEvent = Static<typeof MapPreviewEventSchema>;

export const MapPreviewAttributeSchema = Type.Object({
  id: EntityId,
  name: Type.String(),
  description: Type.String(),
  scope: AttributeScopeSchema,
  type: AttributeTypeSchema,
  status: PlanStatusSchema,
  exposed: Type.Boolean(),
  /** Set when the map itself links the attribute (the map's own inheritance layer). */
  mapPresence: Type.Optional(PresenceSchema),
});
export type MapPreviewAttribute = Static<typeof MapPreviewAttributeSchema>;

/**
 * Everything the preview shows and nothing more: the map, the views on it, the
 * events on its edges and views, and the attributes of the map, those views and
 * those events. Through a public link, or for a viewer, only exposed attributes.
 * `member` is null through a public link (nothing of the company is named).
 */
export const MapPreviewSchema = Type.Object({
  map: Type.Object({
    id: EntityId,
    name: Type.String(),
    description: Type.String(),
    layout: MapLayoutSchema,
    status: PlanStatusSchema,
    nodes: Type.Array(MapNodeSchema),
    edges: Type.Array(MapEdgeSchema),
  }),
  views: Type.Array(MapPreviewViewSchema),
  events: Type.Array(MapPreviewEventSchema),
  attributes: Type.Array(MapPreviewAttributeSchema),
  member: Type.Union([Type.Object({ companyId: EntityId, canEdit: Type.Boolean() }), Type.Null()]),
});
export type MapPreview = Static<typeof MapPreviewSchema>;

/** Internal: the origins allowed to frame a map's preview (empty: none). */
export const MapFrameAncestorsSchema = Type.Object({ origins: Type.Array(Type.String()) });
export type MapFrameAncestors = Static<typeof MapFrameAncestorsSchema>;

/** The company setting naming who may frame map previews: http(s) origins, at most this many. */
export const MAP_EMBED_ORIGINS_MAX = 20;
export const MapEmbedOriginSchema = Type.String({
  maxLength: 200,
  pattern:
    '^https?://(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)(:[0-9]{1,5})?$',
});
export const MapEmbedOriginsSchema = Type.Array(MapEmbedOriginSchema, {
  maxItems: MAP_EMBED_ORIGINS_MAX,
  uniqueItems: true,
});
