import { foldName } from '@tracemap/tracking-plan';
import type { ObservedEvent } from '../observed-event';
import { EventAccs, HELD_NAMES_MAX } from './event-accs';
import { keepExample } from './example-redaction';
import * as limits from './profile';
import type { ProfileDelta, ProfileEvent, ProfileExample, ProfileProperty } from './profile';
import * as accumulators from './profile-accumulators';
import type { Bucket, EventAcc, ShapeAcc, Slot } from './profile-accumulators';
import { eventRow, exampleRows, propertyRows, reset, transitionRows } from './profile-rows';
import * as masks from './value-masks';
import * as types from './value-types';
import * as viewKeys from './view-key';

export { DEPTH_MAX, SHAPES_WITH_EXAMPLES_MAX } from './profile-accumulators';
export { HELD_NAMES_MAX } from './event-accs';
export { outline } from './value-masks';

export interface ProfileBuilderOptions {
  /**
   * Names of the attributes the plan marks personal: their values are never
   * kept, whatever they look like. Compared folded with a path's last part.
   */
  personalNames?: Iterable<string>;
  /** Sessions whose last view is remembered for transitions; the least recently active are forgotten first. */
  maxSessions?: number;
  /**
   * Event names whose accumulators (known paths, shapes, value sketches) are kept between drains. Past it, a
   * drain forgets the names it did not count; if that is not enough, the ones it did too.
   */
  maxHeldNames?: number;
}

export interface ProfileBuilder {
  add(event: ObservedEvent): void;
  /** What was added since the last drain, as a delta; sessions and known shapes are kept across drains. */
  drain(): ProfileDelta;
  /** Events added since the last drain. */
  readonly pending: number;
  /** Event names (per source and kind) added since the last drain: the delta has rows for each. */
  readonly pendingNames: number;
  /** Event names whose accumulators are held (counted since the last drain or kept from earlier ones). */
  readonly heldNames: number;
}

export function createProfileBuilder(options: ProfileBuilderOptions = {}): ProfileBuilder {
  return new Builder(options);
}

/** Paths visited in one event before the rest is skipped (the event is then counted as truncated). */
export const PATHS_PER_EVENT_MAX = 500;
/** Items of one array looked at; later items rarely bring another type. */
export const ARRAY_ITEMS_MAX = 50;

/** Values of one path (per event name) sketched one by one for top values and outlines before sampling starts. */
export const VALUES_IN_FULL = 500;
/**
 * After that, one value in this many (a power of two), picked by a seeded pseudo-random sequence rather
 * than every n-th so periodic traffic cannot hide from it, is sketched and counted this many times. Presence,
 * types, `sketched` and personal-looking values stay counted for every value.
 */
export const SAMPLE_ONE_IN = 16;

// `add` runs per event: module bindings it uses are read once here rather than
// through the import on every call, and no object is allocated for an event
// whose paths are already known.
const { stringType, looksPersonal, TYPE_CODES } = types;
const { EXAMPLES_PER_SHAPE, VIEW_KEYS_MAX, VIEW_KEY_OTHER, SHORT_VALUE_MAX, OBSERVED_TYPES } = limits;
const { viewKeyOf } = viewKeys;
const { DEPTH_MAX, NATIVE_TYPES, CODE_NATIVE, DAY_MS, SHAPES_WITH_EXAMPLES_MAX } = accumulators;
const { addToBucket, versionId, newShape, newSlot, openSlot, openCell } = accumulators;
const { sketchValue } = masks;
const CODE_INTEGER = TYPE_CODES.integer;
const CODE_NUMBER = TYPE_CODES.number;
const CODE_BOOLEAN = TYPE_CODES.boolean;
const CODE_NULL = TYPE_CODES.null;
const CODE_ARRAY = TYPE_CODES.array;
const CODE_OBJECT = TYPE_CODES.object;
const EXAMPLE_ATTEMPTS = 5;

class Builder implements ProfileBuilder {
  private readonly personalNames: Set<string>;
  private readonly maxSessions: number;
  private readonly accs: EventAccs;
  /** sourceId + NUL + session → last view */
  private readonly sessions = new Map<string, string>();
  /** sourceId → from (null: first of a session) → to */
  private transitions = new Map<string, Map<string | null, Map<string, Bucket>>>();
  private count = 0;
  private names = 0;
  /** Numbers the drains: a path's counts belong to one. */
  private batch = 0;
  private random = 0x2545f491;

  // The walk of one event writes here instead of allocating per event.
  private seq: number[] = [];
  private seqLength = 0;
  private hash = 0;
  private visited = 0;
  private truncated = false;
  private acc!: EventAcc;
  private eventNumber = 0;
  private time = 0;
  private version = 0;

  constructor(options: ProfileBuilderOptions) {
    this.personalNames = new Set([...(options.personalNames ?? [])].map(foldName));
    this.maxSessions = options.maxSessions ?? 100_000;
    this.accs = new EventAccs(options.maxHeldNames ?? HELD_NAMES_MAX);
  }

  get pending(): number {
    return this.count;
  }

  get pendingNames(): number {
    return this.names;
  }

  get heldNames(): number {
    return this.accs.held;
  }

  add(event: ObservedEvent): void {
    this.count++;
    const acc = this.accs.get(event.sourceId, event.kind, event.name);
    this.acc = acc;
    if (acc.total === 0) this.names++;
    acc.total++;
    const time = event.eventTime;
    const { appVersion, platform } = event.context;
    const version = versionId(acc, appVersion, platform);
    this.time = time;
    this.version = version;
    this.eventNumber++;

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
        const field = NATIVE_TYPES.indexOf(native[path]);
        if (slot === undefined || field < 0) continue;
        this.push(slot.id * 32 + CODE_NATIVE + field);
        if (slot.batch !== this.batch) openSlot(acc, slot, this.batch);
        slot.nativeCounts[field]++;
      }
    }
    if (this.truncated || (event.truncatedProperties ?? 0) > 0) acc.truncated++;

    if (time < acc.first) acc.first = time;
    if (time > acc.last) acc.last = time;
    addToBucket(acc.buckets, Math.floor(time / DAY_MS), version, time);
    const shape = this.shape(acc);
    if (shape !== null) {
      shape.count++;
      const example = shape.example;
      if (example.kept < EXAMPLES_PER_SHAPE && example.attempts < EXAMPLE_ATTEMPTS)
        keepExample(example, bag, this.personalNames);
    }

    if (acc.views !== null) {
      const view = viewKeyOf(event);
      if (view !== null) this.addView(acc, event, view, time);
    }
  }

  private slot(slots: Map<string, Slot>, key: string, path: string): Slot {
    const acc = this.acc;
    const personal = this.personalNames.size > 0 && this.personalNames.has(foldName(lastSegment(path)));
    const slot = newSlot(acc.slotCount++, path, personal);
    slots.set(key, slot);
    acc.allSlots.push(slot);
    return slot;
  }

  /** Counts the current event once under the path, and once under each type it has there. */
  private take(slot: Slot, code: number): void {
    if (slot.mark !== this.eventNumber) {
      slot.mark = this.eventNumber;
      slot.types = 0;
      if (slot.batch !== this.batch) openSlot(this.acc, slot, this.batch);
      const time = this.time;
      slot.present++;
      if (time < slot.first) slot.first = time;
      if (time > slot.last) slot.last = time;
      slot.cell = openCell(slot, this.version, this.batch, time);
    }
    const bit = 1 << code;
    if ((slot.types & bit) === 0) {
      slot.types |= bit;
      slot.typeCounts[code]++;
      slot.cell!.typeCounts[code]++;
    }
  }

  /** A scalar's value details: personal-looking ones counted, short ones offered to the path's sketches. */
  private sketch(value: string | number | boolean, code: number, slot: Slot): void {
    if (typeof value === 'string') {
      if (looksPersonal(value, OBSERVED_TYPES[code])) {
        slot.personal++;
        return;
      }
      if (value.length > SHORT_VALUE_MAX) return;
    }
    if (++slot.seen <= VALUES_IN_FULL) {
      sketchValue(value, slot, 1);
      return;
    }
    // xorshift32: cheap, deterministic for the same input, and without a period traffic could fall in step with.
    let x = this.random;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.random = x;
    if (((x >>> 16) & (SAMPLE_ONE_IN - 1)) === 0) sketchValue(value, slot, SAMPLE_ONE_IN);
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
    this.take(slot, code);
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

  /** The accumulator of this event's (path, type) sequence if it is one of the event's first shapes. */
  private shape(acc: EventAcc): ShapeAcc | null {
    const hash = this.hash | 0;
    const length = this.seqLength;
    const seq = this.seq;
    for (let shape = acc.shapes.get(hash) ?? null; shape !== null; shape = shape.next) {
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
    return acc.shapeList.length < SHAPES_WITH_EXAMPLES_MAX ? newShape(acc, seq, length, hash) : null;
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
    this.accs.drainEach((acc) => {
      events.push(eventRow(acc));
      for (const row of propertyRows(acc)) properties.push(row);
      for (const row of exampleRows(acc)) examples.push(row);
      reset(acc);
    });
    const transitions = transitionRows(this.transitions);
    this.transitions = new Map();
    this.count = 0;
    this.names = 0;
    this.batch++;
    return { events, properties, transitions, examples };
  }
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
