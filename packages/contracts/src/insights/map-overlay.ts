import { Type, type Static } from '@sinclair/typebox';
import { strictObject, UuidSchema } from '../primitives';
import { EntityId, literals } from '../tracking-plan/model';

// The observed overlay of a map: how much of each view's planned events was
// seen, and the moves between the map's views that sessions really made.

export const MapOverlayParams = Type.Object({ companyId: UuidSchema, mapId: EntityId }, strictObject);

export const COVERAGE_LEVELS = ['none', 'partial', 'full'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

export const OverlayView = Type.Object(
  {
    viewId: EntityId,
    /** The view's planned events, and how many of them were observed. */
    plannedEvents: Type.Integer({ minimum: 0 }),
    observedEvents: Type.Integer({ minimum: 0 }),
    /** observedEvents / plannedEvents; 0 for a view without planned events. */
    coverage: Type.Number({ minimum: 0, maximum: 1 }),
    level: literals(COVERAGE_LEVELS),
    /** Page or screen views recognised as this view. */
    visits: Type.Integer({ minimum: 0 }),
  },
  strictObject,
);
export type OverlayView = Static<typeof OverlayView>;

export const OverlayTransition = Type.Object(
  {
    from: EntityId,
    to: EntityId,
    count: Type.Integer({ minimum: 0 }),
    /** True when the map has an edge from `from` to `to`. */
    onMap: Type.Boolean(),
  },
  strictObject,
);
export type OverlayTransition = Static<typeof OverlayTransition>;

export const MapOverlay = Type.Object(
  {
    mapId: EntityId,
    planVersion: Type.String(),
    views: Type.Array(OverlayView),
    /** Observed moves between two views of the map, most frequent first. */
    transitions: Type.Array(OverlayTransition),
  },
  strictObject,
);
export type MapOverlay = Static<typeof MapOverlay>;
