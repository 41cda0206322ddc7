import type { NativeValueType, ObservedKind } from '../observed-event';
import type { ObservedType } from './profile';
import { OBSERVED_TYPES } from './profile';
import { shapeHash } from './shape-hash';
import type { ValueSketch } from './value-sketch';

/** Nesting followed; deeper values are counted by their type only. */
export const DEPTH_MAX = 10;
/**
 * Shapes of one event that keep examples: optional properties make shapes
 * multiply (ten optional ones, a thousand shapes), and the first ones show
 * what the event looks like well enough.
 */
export const SHAPES_WITH_EXAMPLES_MAX = 50;
export const NATIVE_TYPES: readonly NativeValueType[] = ['string_value', 'int_value', 'float_value', 'double_value'];
export const CODE_NATIVE = 16;
export const DAY_MS = 86_400_000;

/** One property path of one event: its place in shape keys and what is kept of its values. */
export interface Slot {
  id: number;
  path: string;
  /** The last shape that took this path, and the types it took it with (bits by type code). */
  mark: number;
  types: number;
  children: Map<string, Slot> | null;
  item: Slot | null;
  personalByPlan: boolean;
  values: ValueSketch<string | number | boolean> | null;
  highCardinality: boolean;
  masks: ValueSketch<string> | null;
  maskExamples: Map<string, string> | null;
  masksFull: boolean;
  personal: number;
}

export interface Bucket {
  count: number;
  first: number;
  last: number;
}

/** day → app version → platform → bucket */
export type Buckets = Map<number, Map<string | null, Map<string | null, Bucket>>>;

/** Events of one event that carried the same (path, type) sequence. */
export interface ShapeAcc {
  seq: Int32Array;
  next: ShapeAcc | null;
  /** Distinct paths, and distinct (path, type) pairs, by slot. */
  slots: Slot[];
  pairSlots: Slot[];
  pairTypes: ObservedType[];
  nativeSlots: Slot[];
  nativeTypes: NativeValueType[];
  count: number;
  first: number;
  last: number;
  /** Per app version and platform (by the event's version id): events, first and last seen. */
  versionIds: number[];
  versionCounts: number[];
  versionFirst: number[];
  versionLast: number[];
  /** Only the first shapes of an event keep examples. */
  example: ShapeExamples | null;
}

export interface ShapeExamples {
  canonical: string[];
  hash: string;
  /** Examples not yet drained, and how many were ever kept or tried. */
  pending: Record<string, unknown>[];
  kept: number;
  attempts: number;
}

export interface EventAcc {
  sourceId: string;
  name: string;
  kind: ObservedKind;
  total: number;
  truncated: number;
  slots: Map<string, Slot>;
  slotCount: number;
  allSlots: Slot[];
  shapes: Map<number, ShapeAcc>;
  shapeList: ShapeAcc[];
  shapesWithExamples: number;
  first: number;
  last: number;
  /** Events per day, app version and platform. */
  buckets: Buckets;
  /** app version → platform → version id, and back. */
  versionIds: Map<string | null, Map<string | null, number>>;
  versions: Array<{ appVersion: string | null; platform: string | null }>;
  views: Map<string, number> | null;
}

/** The accumulator of a (path, type) sequence not seen before; `mark` is the new shape's number. */
export function newShape(
  acc: EventAcc,
  seq: number[],
  length: number,
  hash: number,
  head: ShapeAcc | undefined,
  native: Record<string, NativeValueType> | undefined,
  time: number,
  mark: number,
): ShapeAcc {
  const slotsById = acc.allSlots;
  const shape: ShapeAcc = {
    seq: copyOf(seq, length),
    next: head ?? null,
    slots: [],
    pairSlots: [],
    pairTypes: [],
    nativeSlots: [],
    nativeTypes: [],
    count: 0,
    first: time,
    last: time,
    versionIds: [],
    versionCounts: [],
    versionFirst: [],
    versionLast: [],
    example: null,
  };
  // Each slot is marked with this shape's number: a path and each of its types are taken once.
  for (let i = 0; i < length; i++) {
    const code = seq[i];
    const slot = slotsById[Math.floor(code / 32)];
    const low = code % 32;
    if (low >= CODE_NATIVE) {
      if (native) {
        shape.nativeSlots.push(slot);
        shape.nativeTypes.push(NATIVE_TYPES[low - CODE_NATIVE]);
      }
      continue;
    }
    if (slot.mark !== mark) {
      slot.mark = mark;
      slot.types = 0;
      shape.slots.push(slot);
    }
    if ((slot.types & (1 << low)) !== 0) continue;
    slot.types |= 1 << low;
    shape.pairSlots.push(slot);
    shape.pairTypes.push(OBSERVED_TYPES[low]);
  }
  if (acc.shapesWithExamples < SHAPES_WITH_EXAMPLES_MAX) {
    acc.shapesWithExamples++;
    const canonical = shape.pairSlots.map((slot, i) => `${slot.path}:${shape.pairTypes[i]}`).sort();
    shape.example = { canonical, hash: shapeHash(canonical), pending: [], kept: 0, attempts: 0 };
  }
  acc.shapes.set(hash, shape);
  acc.shapeList.push(shape);
  return shape;
}

export function versionId(acc: EventAcc, appVersion: string | null, platform: string | null): number {
  let byPlatform = acc.versionIds.get(appVersion);
  if (byPlatform === undefined) acc.versionIds.set(appVersion, (byPlatform = new Map()));
  let id = byPlatform.get(platform);
  if (id === undefined) {
    id = acc.versions.length;
    acc.versions.push({ appVersion, platform });
    byPlatform.set(platform, id);
  }
  return id;
}

export function addToBucket(
  buckets: Buckets,
  day: number,
  appVersion: string | null,
  platform: string | null,
  time: number,
): void {
  let byVersion = buckets.get(day);
  if (byVersion === undefined) buckets.set(day, (byVersion = new Map()));
  let byPlatform = byVersion.get(appVersion);
  if (byPlatform === undefined) byVersion.set(appVersion, (byPlatform = new Map()));
  const bucket = byPlatform.get(platform);
  if (bucket === undefined) byPlatform.set(platform, { count: 1, first: time, last: time });
  else {
    bucket.count++;
    if (time < bucket.first) bucket.first = time;
    if (time > bucket.last) bucket.last = time;
  }
}

export function forEachBucket(
  buckets: Buckets,
  visit: (day: number, appVersion: string | null, platform: string | null, bucket: Bucket) => void,
): void {
  for (const [day, byVersion] of buckets)
    for (const [appVersion, byPlatform] of byVersion)
      for (const [platform, bucket] of byPlatform) visit(day, appVersion, platform, bucket);
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function copyOf(seq: number[], length: number): Int32Array {
  const copy = new Int32Array(length);
  for (let i = 0; i < length; i++) copy[i] = seq[i];
  return copy;
}
