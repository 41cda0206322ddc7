import { foldName } from '@tracemap/tracking-plan';
import type { NativeValueType, ObservedEvent, ObservedKind } from '../observed-event';
import { mergeVersions, pruneDays } from './merge-profiles';
import * as limits from './profile';
import type {
  DailyCount,
  ObservedType,
  ProfileDelta,
  ProfileEvent,
  ProfileExample,
  ProfileProperty,
  ProfileTransition,
  VersionTypes,
} from './profile';
import { shapeHash } from './shape-hash';
import { ValueSketch } from './value-sketch';
import * as types from './value-types';
import * as viewKeys from './view-key';

export interface ProfileBuilderOptions {
  /**
   * Names of the attributes the plan marks personal: their values are never
   * kept, whatever they look like. Compared folded with a path's last part.
   */
  personalNames?: Iterable<string>;
  /** Sessions whose last view is remembered for transitions; the least recently active are forgotten first. */
  maxSessions?: number;
}

export interface ProfileBuilder {
  add(event: ObservedEvent): void;
  /** What was added since the last drain, as a delta; sessions and known shapes are kept across drains. */
  drain(): ProfileDelta;
  /** Events added since the last drain. */
  readonly pending: number;
}

export function createProfileBuilder(options: ProfileBuilderOptions = {}): ProfileBuilder {
  return new Builder(options);
}

/** Paths visited in one event before the rest is skipped (the event is then counted as truncated). */
export const PATHS_PER_EVENT_MAX = 500;
/** Items of one array looked at; later items rarely bring another type. */
export const ARRAY_ITEMS_MAX = 50;
/** Nesting followed; deeper values are counted by their type only. */
export const DEPTH_MAX = 10;

// `add` runs per event: module bindings it uses are read once here rather than
// through the import on every call, and no object is allocated for an event
// whose shape is already known.
const { looksPersonal, stringType, TYPE_CODES } = types;
const { OBSERVED_TYPES, SHORT_VALUE_MAX, TOP_VALUES_MAX, MASKS_MAX, EXAMPLES_PER_SHAPE, VIEW_KEYS_MAX } = limits;
const { VIEW_KEY_OTHER } = limits;
const { viewKeyOf } = viewKeys;
const NATIVE_TYPES: readonly NativeValueType[] = ['string_value', 'int_value', 'float_value', 'double_value'];
const CODE_INTEGER = TYPE_CODES.integer;
const CODE_NUMBER = TYPE_CODES.number;
const CODE_BOOLEAN = TYPE_CODES.boolean;
const CODE_NULL = TYPE_CODES.null;
const CODE_ARRAY = TYPE_CODES.array;
const CODE_OBJECT = TYPE_CODES.object;
const CODE_NATIVE = 16;
const DAY_MS = 86_400_000;
/** After this many evictions, and more evictions than keeps, a sketch stops taking new values. */
const HIGH_CARDINALITY_EVICTIONS = 200;
const EXAMPLE_ATTEMPTS = 5;
const MASK_ALL_FIRST = 1000;
/**
 * Shapes of one event that keep examples: optional properties make shapes
 * multiply (ten optional ones, a thousand shapes), and the first ones show
 * what the event looks like well enough.
 */
export const SHAPES_WITH_EXAMPLES_MAX = 50;
const ENUM_WORD = /^[A-Za-z][A-Za-z_ -]{0,31}$/;

/** One property path of one event: its place in shape keys and what is kept of its values. */
interface Slot {
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

interface Bucket {
  count: number;
  first: number;
  last: number;
}

/** day → app version → platform → bucket */
type Buckets = Map<number, Map<string | null, Map<string | null, Bucket>>>;

/** Events of one event that carried the same (path, type) sequence. */
interface ShapeAcc {
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

interface ShapeExamples {
  canonical: string[];
  hash: string;
  /** Examples not yet drained, and how many were ever kept or tried. */
  pending: Record<string, unknown>[];
  kept: number;
  attempts: number;
}

interface EventAcc {
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

class Builder implements ProfileBuilder {
  private readonly personalNames: Set<string>;
  private readonly maxSessions: number;
  /** sourceId → kind → name */
  private readonly accs = new Map<string, Map<ObservedKind, Map<string, EventAcc>>>();
  /** sourceId + NUL + session → last view */
  private readonly sessions = new Map<string, string>();
  /** sourceId → from (null: first of a session) → to */
  private transitions = new Map<string, Map<string | null, Map<string, Bucket>>>();
  private count = 0;
  private shapeMarks = 0;

  // The walk of one event writes here instead of allocating per event.
  private seq: number[] = [];
  private seqLength = 0;
  private hash = 0;
  private visited = 0;
  private truncated = false;
  private acc!: EventAcc;

  constructor(options: ProfileBuilderOptions) {
    this.personalNames = new Set([...(options.personalNames ?? [])].map(foldName));
    this.maxSessions = options.maxSessions ?? 100_000;
  }

  get pending(): number {
    return this.count;
  }

  add(event: ObservedEvent): void {
    this.count++;
    const acc = this.eventAcc(event.sourceId, event.kind, event.name);
    this.acc = acc;
    acc.total++;
    const time = event.eventTime;

    this.seqLength = 0;
    this.hash = 0x811c9dc5;
    this.visited = 0;
    this.truncated = false;
    const bag =
      (event.kind === 'identify' || event.kind === 'group') && event.traits && isEmpty(event.properties)
        ? event.traits
        : event.properties;
    this.walkObject(bag, acc.slots, '', 1);
    const native = event.nativeTypes;
    if (native) {
      for (const path in native) {
        const slot = acc.slots.get(path);
        if (slot) this.push(slot.id * 32 + CODE_NATIVE + NATIVE_TYPES.indexOf(native[path]));
      }
    }
    if (this.truncated || (event.truncatedProperties ?? 0) > 0) acc.truncated++;

    if (time < acc.first) acc.first = time;
    if (time > acc.last) acc.last = time;
    const { appVersion, platform } = event.context;
    addToBucket(acc.buckets, Math.floor(time / DAY_MS), appVersion, platform, time);
    const version = versionId(acc, appVersion, platform);
    const shape = this.shape(acc, native, time);
    shape.count++;
    if (time < shape.first) shape.first = time;
    if (time > shape.last) shape.last = time;
    const held = shape.versionCounts[version];
    if (held === undefined || held === 0) {
      if (held === undefined) shape.versionIds.push(version);
      shape.versionCounts[version] = 1;
      shape.versionFirst[version] = time;
      shape.versionLast[version] = time;
    } else {
      shape.versionCounts[version] = held + 1;
      if (time < shape.versionFirst[version]) shape.versionFirst[version] = time;
      if (time > shape.versionLast[version]) shape.versionLast[version] = time;
    }
    const example = shape.example;
    if (example !== null && example.kept < EXAMPLES_PER_SHAPE && example.attempts < EXAMPLE_ATTEMPTS)
      this.keepExample(example, bag);

    if (acc.views !== null) {
      const view = viewKeyOf(event);
      if (view !== null) this.addView(acc, event, view, time);
    }
  }

  private eventAcc(sourceId: string, kind: ObservedKind, name: string): EventAcc {
    let byKind = this.accs.get(sourceId);
    if (byKind === undefined) this.accs.set(sourceId, (byKind = new Map()));
    let byName = byKind.get(kind);
    if (byName === undefined) byKind.set(kind, (byName = new Map()));
    let acc = byName.get(name);
    if (acc === undefined) {
      acc = {
        sourceId,
        name,
        kind,
        total: 0,
        truncated: 0,
        slots: new Map(),
        slotCount: 0,
        allSlots: [],
        shapes: new Map(),
        shapeList: [],
        shapesWithExamples: 0,
        first: Infinity,
        last: -Infinity,
        buckets: new Map(),
        versionIds: new Map(),
        versions: [],
        views: kind === 'page' || kind === 'screen' ? new Map() : null,
      };
      byName.set(name, acc);
    }
    return acc;
  }

  private slot(slots: Map<string, Slot>, key: string, path: string): Slot {
    const acc = this.acc;
    const slot: Slot = {
      id: acc.slotCount++,
      path,
      mark: 0,
      types: 0,
      children: null,
      item: null,
      personalByPlan: this.personalNames.size > 0 && this.personalNames.has(foldName(lastSegment(path))),
      values: null,
      highCardinality: false,
      masks: null,
      maskExamples: null,
      masksFull: false,
      personal: 0,
    };
    slots.set(key, slot);
    acc.allSlots.push(slot);
    return slot;
  }

  private push(code: number): void {
    this.seq[this.seqLength++] = code;
    this.hash = Math.imul(this.hash ^ code, 0x01000193);
  }

  private walkObject(bag: Record<string, unknown>, slots: Map<string, Slot>, prefix: string, depth: number): void {
    for (const key in bag) {
      const value = bag[key];
      if (value === undefined) continue;
      if (this.visited >= PATHS_PER_EVENT_MAX) {
        this.truncated = true;
        return;
      }
      const slot = slots.get(key) ?? this.slot(slots, key, prefix === '' ? key : prefix + '.' + key);
      this.walkValue(value, slot, depth);
    }
  }

  private walkValue(value: unknown, slot: Slot, depth: number): void {
    this.visited++;
    let code: number;
    switch (typeof value) {
      case 'string':
        code = TYPE_CODES[stringType(value)];
        break;
      case 'number':
        code = Number.isInteger(value) ? CODE_INTEGER : CODE_NUMBER;
        break;
      case 'boolean':
        code = CODE_BOOLEAN;
        break;
      case 'object':
        code = value === null ? CODE_NULL : Array.isArray(value) ? CODE_ARRAY : CODE_OBJECT;
        break;
      case 'bigint':
        code = CODE_INTEGER;
        break;
      default:
        code = CODE_NULL;
    }
    this.push(slot.id * 32 + code);
    if (code === CODE_OBJECT) {
      if (depth >= DEPTH_MAX) this.truncated = true;
      else
        this.walkObject(
          value as Record<string, unknown>,
          slot.children ?? (slot.children = new Map()),
          slot.path,
          depth + 1,
        );
    } else if (code === CODE_ARRAY) {
      if (depth >= DEPTH_MAX) {
        this.truncated = true;
        return;
      }
      const items = value as unknown[];
      const n = Math.min(items.length, ARRAY_ITEMS_MAX);
      if (n === 0) return;
      const item = slot.item ?? (slot.item = this.slot(new Map(), '', slot.path + '[]'));
      for (let i = 0; i < n; i++) {
        if (this.visited >= PATHS_PER_EVENT_MAX) {
          this.truncated = true;
          return;
        }
        if (items[i] !== undefined) this.walkValue(items[i], item, depth + 1);
      }
    } else if (code !== CODE_NULL && !slot.personalByPlan) {
      this.sketch(value as string | number | boolean, code, slot);
    }
  }

  private sketch(value: string | number | boolean, code: number, slot: Slot): void {
    if (typeof value === 'string') {
      if (looksPersonal(value, OBSERVED_TYPES[code])) {
        slot.personal++;
        return;
      }
      if (value.length > SHORT_VALUE_MAX) return;
    }
    let values = slot.values;
    if (values === null) values = slot.values = new ValueSketch(TOP_VALUES_MAX);
    if (!slot.highCardinality) {
      values.add(value);
      if (values.evictions > HIGH_CARDINALITY_EVICTIONS && values.evictions * 2 > values.offered)
        slot.highCardinality = true;
    } else {
      // Only values already held keep counting; the share of the rest is what `sketched` tells apart.
      values.offered++;
      const held = values.counts.get(value);
      if (held !== undefined) values.counts.set(value, held + 1);
    }
    // Once values fall out of the sketch, outlines stand for them. After the first thousand, one value in
    // four is outlined: their shares, not exact counts, are what a pattern check needs.
    if (values.evictions > 0 && typeof value === 'string') {
      const masked = slot.masks?.offered ?? 0;
      if (masked < MASK_ALL_FIRST) this.addMask(slot, value, 1);
      else if ((values.offered & 3) === 0) this.addMask(slot, value, 4);
    }
  }

  /** `weight`: how many values the outlined one stands for (4 when one in four is outlined). */
  private addMask(slot: Slot, value: string, weight: number): void {
    const mask = outline(value);
    let masks = slot.masks;
    if (masks === null) {
      masks = slot.masks = new ValueSketch(MASKS_MAX);
      slot.maskExamples = new Map();
    }
    if (slot.masksFull) {
      masks.offered += weight;
      const held = masks.counts.get(mask);
      if (held !== undefined) masks.counts.set(mask, held + weight);
      return;
    }
    masks.add(mask, weight);
    if (!slot.maskExamples!.has(mask)) slot.maskExamples!.set(mask, value);
    if (masks.evictions > HIGH_CARDINALITY_EVICTIONS && masks.evictions * 2 > masks.offered) slot.masksFull = true;
  }

  /** The accumulator of this event's (path, type) sequence, made on its first event. */
  private shape(acc: EventAcc, native: Record<string, NativeValueType> | undefined, time: number): ShapeAcc {
    const hash = this.hash | 0;
    const length = this.seqLength;
    const seq = this.seq;
    const head = acc.shapes.get(hash);
    for (let shape = head ?? null; shape !== null; shape = shape.next) {
      const known = shape.seq;
      if (known.length !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (known[i] !== seq[i]) {
          same = false;
          break;
        }
      }
      if (same) return shape;
    }
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
    const mark = ++this.shapeMarks;
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

  private keepExample(examples: ShapeExamples, bag: Record<string, unknown>): void {
    examples.attempts++;
    const text = JSON.stringify(this.redact(bag, '', 1));
    if (examples.pending.some((e) => JSON.stringify(e) === text)) return;
    examples.pending.push(JSON.parse(text) as Record<string, unknown>);
    examples.kept++;
  }

  /** A copy of the properties with values replaced by type placeholders, except short non-personal words. */
  private redact(value: unknown, key: string, depth: number): unknown {
    const type = types.valueType(value);
    if (type === 'object') {
      if (depth > DEPTH_MAX) return '<object>';
      // Keys are data: a `__proto__` key becomes an own property, never a prototype.
      const out: Record<string, unknown> = Object.create(null);
      const bag = value as Record<string, unknown>;
      for (const k in bag) {
        if (bag[k] === undefined) continue;
        Object.defineProperty(out, k, {
          value: this.redact(bag[k], k, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    if (type === 'array') {
      const items = value as unknown[];
      return depth > DEPTH_MAX || items.length === 0 ? [] : [this.redact(items[0], key, depth + 1)];
    }
    if (type === 'boolean' || type === 'null') return value;
    const personalName = this.personalNames.size > 0 && this.personalNames.has(foldName(key));
    if (type === 'string' && !personalName && ENUM_WORD.test(value as string) && !looksPersonal(value as string, type))
      return value;
    return `<${type}>`;
  }

  private addView(acc: EventAcc, event: ObservedEvent, view: string, time: number): void {
    const views = acc.views!;
    const held = views.get(view);
    if (held !== undefined) views.set(view, held + 1);
    else if (views.size < VIEW_KEYS_MAX - 1) views.set(view, 1);
    else views.set(VIEW_KEY_OTHER, (views.get(VIEW_KEY_OTHER) ?? 0) + 1);

    const session = event.context.sessionKey;
    if (!session) return;
    const sessionKey = event.sourceId + '\u0000' + session;
    const from = this.sessions.get(sessionKey);
    if (from !== undefined) this.sessions.delete(sessionKey);
    else if (this.sessions.size >= this.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(sessionKey, view);
    if (from === view) return;
    let byFrom = this.transitions.get(event.sourceId);
    if (byFrom === undefined) this.transitions.set(event.sourceId, (byFrom = new Map()));
    const fromKey = from ?? null;
    let byTo = byFrom.get(fromKey);
    if (byTo === undefined) byFrom.set(fromKey, (byTo = new Map()));
    const bucket = byTo.get(view);
    if (bucket === undefined) byTo.set(view, { count: 1, first: time, last: time });
    else {
      bucket.count++;
      if (time < bucket.first) bucket.first = time;
      if (time > bucket.last) bucket.last = time;
    }
  }

  drain(): ProfileDelta {
    const events: ProfileEvent[] = [];
    const properties: ProfileProperty[] = [];
    const examples: ProfileExample[] = [];
    for (const byKind of this.accs.values()) {
      for (const byName of byKind.values()) {
        for (const acc of byName.values()) {
          if (acc.total === 0) continue;
          events.push(eventRow(acc));
          properties.push(...propertyRows(acc));
          examples.push(...exampleRows(acc));
          reset(acc);
        }
      }
    }
    const transitions: ProfileTransition[] = [];
    for (const [sourceId, byFrom] of this.transitions) {
      for (const [from, byTo] of byFrom) {
        for (const [to, bucket] of byTo) {
          transitions.push({ sourceId, from, to, count: bucket.count, firstSeen: bucket.first, lastSeen: bucket.last });
        }
      }
    }
    this.transitions = new Map();
    this.count = 0;
    return { events, properties, transitions, examples };
  }
}

/** One row per shape: walks of the same paths and types in another key order are one shape. */
function exampleRows(acc: EventAcc): ProfileExample[] {
  const rows = new Map<string, ProfileExample>();
  for (const shape of acc.shapeList) {
    const example = shape.example;
    if (shape.count === 0 || example === null) continue;
    const existing = rows.get(example.hash);
    if (existing) {
      existing.count += shape.count;
      for (const e of example.pending) if (existing.examples.length < EXAMPLES_PER_SHAPE) existing.examples.push(e);
      continue;
    }
    rows.set(example.hash, {
      sourceId: acc.sourceId,
      event: acc.name,
      kind: acc.kind,
      shape: example.hash,
      paths: example.canonical,
      count: shape.count,
      examples: example.pending,
    });
  }
  return [...rows.values()];
}

/** Counts start again after a drain; the event's paths and shapes stay known. */
function reset(acc: EventAcc): void {
  acc.total = 0;
  acc.truncated = 0;
  acc.first = Infinity;
  acc.last = -Infinity;
  acc.buckets = new Map();
  acc.views?.clear();
  for (const shape of acc.shapeList) {
    shape.count = 0;
    shape.first = Infinity;
    shape.last = -Infinity;
    for (const id of shape.versionIds) shape.versionCounts[id] = 0;
    if (shape.example) shape.example.pending = [];
  }
  for (const slot of acc.allSlots) {
    slot.values = null;
    slot.highCardinality = false;
    slot.masks = null;
    slot.maskExamples = null;
    slot.masksFull = false;
    slot.personal = 0;
  }
}

function eventRow(acc: EventAcc): ProfileEvent {
  const daily: DailyCount[] = [];
  forEachBucket(acc.buckets, (day, appVersion, platform, bucket) => {
    daily.push({ day: dayString(day), appVersion, platform, count: bucket.count });
  });
  const views = acc.views ? [...acc.views].map(([view, count]) => ({ view, count })) : [];
  views.sort((a, b) => b.count - a.count || (a.view < b.view ? -1 : a.view > b.view ? 1 : 0));
  return {
    sourceId: acc.sourceId,
    name: acc.name,
    kind: acc.kind,
    total: acc.total,
    firstSeen: acc.first,
    lastSeen: acc.last,
    daily: pruneDays(daily),
    views,
    truncated: acc.truncated,
  };
}

function versionId(acc: EventAcc, appVersion: string | null, platform: string | null): number {
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

function propertyRows(acc: EventAcc): ProfileProperty[] {
  const rows = new Map<Slot, ProfileProperty>();
  const versionsBySlot = new Map<Slot, VersionTypes[]>();
  const row = (slot: Slot): ProfileProperty => {
    let existing = rows.get(slot);
    if (existing === undefined) {
      existing = {
        sourceId: acc.sourceId,
        event: acc.name,
        kind: acc.kind,
        path: slot.path,
        present: 0,
        types: {},
        native: {},
        firstSeen: Infinity,
        lastSeen: -Infinity,
        versions: [],
        topValues: [],
        sketched: 0,
        highCardinality: false,
        masks: [],
        masked: 0,
        personal: 0,
      };
      rows.set(slot, existing);
    }
    return existing;
  };
  for (const shape of acc.shapeList) {
    if (shape.count === 0) continue;
    for (const slot of shape.slots) {
      const r = row(slot);
      r.present += shape.count;
      if (shape.first < r.firstSeen) r.firstSeen = shape.first;
      if (shape.last > r.lastSeen) r.lastSeen = shape.last;
    }
    for (let i = 0; i < shape.pairSlots.length; i++) {
      const r = row(shape.pairSlots[i]);
      const type = shape.pairTypes[i];
      r.types[type] = (r.types[type] ?? 0) + shape.count;
    }
    for (let i = 0; i < shape.nativeSlots.length; i++) {
      const r = row(shape.nativeSlots[i]);
      const field = shape.nativeTypes[i];
      r.native[field] = (r.native[field] ?? 0) + shape.count;
    }
    // Per app version and platform, for every (path, type) of the shape.
    for (let i = 0; i < shape.pairSlots.length; i++) {
      const slot = shape.pairSlots[i];
      const type = shape.pairTypes[i];
      let versions = versionsBySlot.get(slot);
      if (versions === undefined) versionsBySlot.set(slot, (versions = []));
      for (const id of shape.versionIds) {
        const count = shape.versionCounts[id];
        if (count === 0) continue;
        let v = versions[id];
        if (v === undefined) {
          const { appVersion, platform } = acc.versions[id];
          v = versions[id] = {
            appVersion,
            platform,
            types: {},
            firstSeen: shape.versionFirst[id],
            lastSeen: shape.versionLast[id],
          };
        }
        v.types[type] = (v.types[type] ?? 0) + count;
        if (shape.versionFirst[id] < v.firstSeen) v.firstSeen = shape.versionFirst[id];
        if (shape.versionLast[id] > v.lastSeen) v.lastSeen = shape.versionLast[id];
      }
    }
  }
  for (const [slot, r] of rows) {
    r.versions = mergeVersions(
      [],
      (versionsBySlot.get(slot) ?? []).filter((v) => v !== undefined),
    );
    r.personal = slot.personal;
    r.highCardinality = slot.highCardinality;
    if (slot.values) {
      r.sketched = slot.values.offered;
      r.topValues = slot.values.entries().map(([value, count]) => ({ value, count }));
    }
    if (slot.masks) {
      const examples = slot.maskExamples!;
      r.masked = slot.masks.offered;
      r.masks = slot.masks.entries().map(([mask, count]) => ({ mask, example: examples.get(mask) ?? mask, count }));
    }
  }
  return [...rows.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function addToBucket(
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

function forEachBucket(
  buckets: Buckets,
  visit: (day: number, appVersion: string | null, platform: string | null, bucket: Bucket) => void,
): void {
  for (const [day, byVersion] of buckets)
    for (const [appVersion, byPlatform] of byVersion)
      for (const [platform, bucket] of byPlatform) visit(day, appVersion, platform, bucket);
}

function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A value's outline: digits as `9`, capitals as `A`, small letters as `a`,
 * anything else as it is. Values outlined alike pass or fail a character-class
 * pattern alike, and an id column has a handful of outlines however many ids.
 */
export function outline(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) out += '9';
    else if (code >= 65 && code <= 90) out += 'A';
    else if (code >= 97 && code <= 122) out += 'a';
    else out += value[i];
  }
  return out;
}

function copyOf(seq: number[], length: number): Int32Array {
  const copy = new Int32Array(length);
  for (let i = 0; i < length; i++) copy[i] = seq[i];
  return copy;
}

function lastSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  const segment = dot >= 0 ? path.slice(dot + 1) : path;
  return segment.replace(/(\[\])+$/, '');
}

function isEmpty(bag: Record<string, unknown>): boolean {
  for (const _ in bag) return false;
  return true;
}
