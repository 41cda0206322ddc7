import { Type, type Static } from '@sinclair/typebox';
import { AttributeSchema, EventSchema, ViewSchema } from './model';
import { MapSchema } from './map';
import { NATIVE_FORMAT, NATIVE_FORMAT_VERSION } from './vocabulary';

/**
 * The lossless plan file. Entities keep their ids (stable keys: importing the
 * same file again updates rather than duplicates) and drop what belongs to one
 * database (version, timestamps), so export → import → export is identical.
 */

const volatile = ['version', 'createdAt', 'updatedAt'] as const;
export const NativeAttributeSchema = Type.Omit(AttributeSchema, volatile);
export const NativeEventSchema = Type.Omit(EventSchema, volatile);
export const NativeViewSchema = Type.Omit(ViewSchema, volatile);
export type NativeAttribute = Static<typeof NativeAttributeSchema>;
export type NativeEvent = Static<typeof NativeEventSchema>;
export type NativeView = Static<typeof NativeViewSchema>;
/** Nodes and edges name views and events by their ids, the file's stable keys, like every other link in it. */
export const NativeMapSchema = Type.Omit(MapSchema, volatile);
export type NativeMap = Static<typeof NativeMapSchema>;

export const NativePlanSchema = Type.Object({
  format: Type.Literal(NATIVE_FORMAT),
  formatVersion: Type.Literal(NATIVE_FORMAT_VERSION),
  attributes: Type.Array(NativeAttributeSchema),
  events: Type.Array(NativeEventSchema),
  views: Type.Array(NativeViewSchema),
  /** Absent in files written before maps were part of the format: such a file leaves the company's maps as they are. */
  maps: Type.Optional(Type.Array(NativeMapSchema)),
});
export type NativePlan = Static<typeof NativePlanSchema>;
