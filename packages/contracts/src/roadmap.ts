import { Type, type Static } from '@sinclair/typebox';
import { ROADMAP_STATUSES } from './admin-vocabulary';

// The public roadmap: what the product team plans, builds and ships. Admins write the items;
// anyone (no login) reads the published ones at `GET /api/account/roadmap`.

export const RoadmapStatusSchema = Type.Union(ROADMAP_STATUSES.map((s) => Type.Literal(s)));

/** One published item. `description` is markdown; `position` orders items (ascending) within the list. */
export const PublicRoadmapItemSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  status: RoadmapStatusSchema,
  position: Type.Integer(),
});
export type PublicRoadmapItem = Static<typeof PublicRoadmapItemSchema>;

/** `GET /api/account/roadmap`: published items only, ordered by position. */
export const PublicRoadmapResponse = Type.Object({ items: Type.Array(PublicRoadmapItemSchema) });
export type PublicRoadmapAnswer = Static<typeof PublicRoadmapResponse>;
