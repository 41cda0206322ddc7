import { Type, type Static } from '@sinclair/typebox';
import { strictObject } from '../primitives';
import { LayerSchema, LayerSource } from '../tracking-plan/api';
import { MapSchema } from '../tracking-plan/map';
import {
  AttributeSchema,
  EntityId,
  EventSchema,
  PresenceSchema,
  ValidationSchema,
  ViewSchema,
} from '../tracking-plan/model';

/**
 * One effective attribute of an event, by id: the attribute itself is in the
 * snapshot's `attributes`, so a 10,000-event plan does not repeat it per event.
 */
export const SnapshotEffectiveAttribute = Type.Object(
  {
    attributeId: EntityId,
    presence: PresenceSchema,
    /** The attribute's validation narrowed by every override on the way. */
    validation: ValidationSchema,
    /** The most specific layer that brought it: where one fix changes it for every event it reaches. */
    layer: LayerSchema,
    sources: Type.Array(LayerSource),
  },
  strictObject,
);
export type SnapshotEffectiveAttribute = Static<typeof SnapshotEffectiveAttribute>;

export const SnapshotEvent = Type.Composite([
  EventSchema,
  Type.Object({ effective: Type.Array(SnapshotEffectiveAttribute) }),
]);
export type SnapshotEvent = Static<typeof SnapshotEvent>;

/**
 * A company's whole plan at one version, as other services read it (discovery
 * judges observed traffic against it). `version` changes whenever anything in
 * the plan or the company's plan settings changes, and is also the ETag.
 */
export const PlanSnapshotSchema = Type.Object(
  {
    companyId: EntityId,
    version: Type.String({ minLength: 1 }),
    generatedAt: Type.String({ format: 'date-time' }),
    attributeInheritance: Type.Boolean(),
    attributes: Type.Array(AttributeSchema),
    events: Type.Array(SnapshotEvent),
    views: Type.Array(ViewSchema),
    maps: Type.Array(MapSchema),
  },
  strictObject,
);
export type PlanSnapshot = Static<typeof PlanSnapshotSchema>;
