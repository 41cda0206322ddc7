import type { NativeValueType, ObservedKind } from '../observed-event';
import { OBSERVED_TYPES } from './profile';
import { shapeHash } from './shape-hash';
import type { ValueSketch } from './value-sketch';

/** Nesting followed; deeper values are counted by their type only. */
export const DEPTH_MAX = 10;
/**
 * Shapes of one event that keep examples: optional properties make shapes
 * multiply (ten optional ones, a thousand shapes), and the first ones show
 * what the event looks like well enough. Later shapes are not tracked at all:
 * every count a property row needs is kept on its path.
 */
export const SHAPES_WITH_EXAMPLES_MAX = 50;
export const NATIVE_TYPES: readonly NativeValueType[] = ['string_value', 'int_value', 'float_value', 'double_value'];
export const CODE_NATIVE = 16;
export const DAY_MS = 86_400_000;

/**
 * One property path of one event: its place in shape keys, its counts since
 * the last drain and what is kept of its values. Counts belong to the batch
 * numbered `batch`; a path first met in a later batch starts them again, so a
 * drain never has to visit paths that did not come.
 */
export interface Slot {
  id: number;
  path: string;
  children: Map<string, Slot> | null;
  item: Slot | null;
  personalByPlan: boolean;
  /** The event that last took this path, and the types it took it with there (bits by type code). */
  mark: number;
  types: number;
  batch: number;
  /** Events with this path, their first and last times, per type and per GA4 value field (by code). */
  present: number;
  first: number;
  last: number;
  typeCounts: number[];
  nativeCounts: number[];
  /** By version id, and those counted in this batch; `cell` is the current event's. */
  cells: Array<VersionCell | undefined>;
  batchCells: VersionCell[];
  cell: VersionCell | null;
  /** Values offered over the builder's life: sampling starts after the first `VALUES_IN_FULL`. */
  seen: number;
  values: ValueSketch<string | number | boolean> | null;
  highCardinality: boolean;
  masks: ValueSketch<string> | null;
  maskExamples: Map<string, string> | null;
  masksFull: boolean;
  personal: number;
}

/** A path's events of one app version and platform in the current batch. */
export interface VersionCell {
  version: number;
  batch: number;
  typeCounts: number[];
  first: number;
  last: number;
}

export interface Bucket {
  count: number;
  first: number;
  last: number;
}

/** day → version id → bucket */
export type Buckets = Map<number, Array<Bucket | undefined>>;

/** Events of one event that carried the same (path, type) sequence: one of its first shapes, with examples. */
export interface ShapeAcc {
  seq: Int32Array;
  next: ShapeAcc | null;
  count: number;
  example: ShapeExamples;
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
  /** Paths counted in this batch. */
  batchSlots: Slot[];
  shapes: Map<number, ShapeAcc>;
  shapeList: ShapeAcc[];
  first: number;
  last: number;
  /** Events per day, app version and platform. */
  buckets: Buckets;
  /** app version → platform → version id, and back. */
  versionIds: Map<string | null, Map<string | null, number>>;
  versions: Array<{ appVersion: string | null; platform: string | null }>;
  views: Map<string, number> | null;
}

export function newSlot(id: number, path: string, personalByPlan: boolean): Slot {
  return {
    id,
    path,
    children: null,
    item: null,
    personalByPlan,
    mark: 0,
    types: 0,
    batch: -1,
    present: 0,
    first: Infinity,
    last: -Infinity,
    typeCounts: new Array<number>(OBSERVED_TYPES.length).fill(0),
    nativeCounts: new Array<number>(NATIVE_TYPES.length).fill(0),
    cells: [],
    batchCells: [],
    cell: null,
    seen: 0,
    values: null,
    highCardinality: false,
    masks: null,
    maskExamples: null,
    masksFull: false,
    personal: 0,
  };
}

/** Starts a path's counts for `batch` and lists it among the batch's paths. */
export function openSlot(acc: EventAcc, slot: Slot, batch: number): void {
  slot.batch = batch;
  slot.present = 0;
  slot.first = Infinity;
  slot.last = -Infinity;
  slot.typeCounts.fill(0);
  slot.nativeCounts.fill(0);
  slot.batchCells.length = 0;
  slot.values = null;
  slot.highCardinality = false;
  slot.masks = null;
  slot.maskExamples = null;
  slot.masksFull = false;
  slot.personal = 0;
  acc.batchSlots.push(slot);
}

/** The path's cell of `version` in `batch`, started on its first event there. */
export function openCell(slot: Slot, version: number, batch: number, time: number): VersionCell {
  let cell = slot.cells[version];
  if (cell === undefined) {
    cell = { version, batch: -1, typeCounts: new Array<number>(OBSERVED_TYPES.length).fill(0), first: 0, last: 0 };
    slot.cells[version] = cell;
  }
  if (cell.batch !== batch) {
    cell.batch = batch;
    cell.typeCounts.fill(0);
    cell.first = time;
    cell.last = time;
    slot.batchCells.push(cell);
  } else {
    if (time < cell.first) cell.first = time;
    if (time > cell.last) cell.last = time;
  }
  return cell;
}

/** The accumulator of a (path, type) sequence not seen before, with its canonical `path:type` list. */
export function newShape(acc: EventAcc, seq: number[], length: number, hash: number): ShapeAcc {
  const slotsById = acc.allSlots;
  const canonical: string[] = [];
  // A path and each of its types are taken once (array items repeat them); GA4 value fields are left out.
  const taken = new Set<number>();
  for (let i = 0; i < length; i++) {
    const code = seq[i];
    const low = code % 32;
    if (low >= CODE_NATIVE || taken.has(code)) continue;
    taken.add(code);
    canonical.push(`${slotsById[Math.floor(code / 32)].path}:${OBSERVED_TYPES[low]}`);
  }
  canonical.sort();
  const shape: ShapeAcc = {
    seq: copyOf(seq, length),
    next: acc.shapes.get(hash) ?? null,
    count: 0,
    example: { canonical, hash: shapeHash(canonical), pending: [], kept: 0, attempts: 0 },
  };
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

export function addToBucket(buckets: Buckets, day: number, version: number, time: number): void {
  let byVersion = buckets.get(day);
  if (byVersion === undefined) buckets.set(day, (byVersion = []));
  const bucket = byVersion[version];
  if (bucket === undefined) byVersion[version] = { count: 1, first: time, last: time };
  else {
    bucket.count++;
    if (time < bucket.first) bucket.first = time;
    if (time > bucket.last) bucket.last = time;
  }
}

export function copyOf(seq: number[], length: number): Int32Array {
  const copy = new Int32Array(length);
  for (let i = 0; i < length; i++) copy[i] = seq[i];
  return copy;
}
