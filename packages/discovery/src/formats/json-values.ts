/** How deep a property value may nest before the record is refused. */
export const MAX_NESTING_DEPTH = 32;
/** How many properties of one event are kept; the rest are dropped and counted. */
export const MAX_PROPERTIES = 500;

/**
 * A problem with one record. Thrown inside an adapter and turned into the
 * record's `error` at the boundary, so no caller ever sees it thrown.
 */
export class RecordProblem extends Error {}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A new property bag; keys go in through `setKey`. */
export function emptyBag(): JsonObject {
  return {};
}

/**
 * Sets a key of a bag as an own property. `__proto__` or `constructor` sent by an app stay plain data:
 * assigning `__proto__` would change the bag's prototype instead, so that key is defined.
 */
export function setKey(bag: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(bag, key, { value, enumerable: true, writable: true, configurable: true });
  else bag[key] = value;
}

const hasOwn = Object.prototype.hasOwnProperty;
const OBJECT_PROTOTYPE = Object.prototype;
const ARRAY_PROTOTYPE = Array.prototype;

/**
 * Whether a value holds nothing but JSON data within the nesting cap: arrays, and objects whose
 * prototype is Object's (or none) with own keys only, as JSON.parse makes them. Such a value is
 * taken as it is; only other values (built by code, or with a prototype set through `__proto__`)
 * are copied. Taking it costs no allocation and keeps the objects in the engine's fast layout.
 */
function isPlainJson(value: object, depth: number): boolean {
  if (depth > MAX_NESTING_DEPTH) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== ARRAY_PROTOTYPE) return false;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && !isPlainJson(item, depth + 1)) return false;
    }
    return true;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== OBJECT_PROTOTYPE && prototype !== null) return false;
  for (const key in value) {
    if (!hasOwn.call(value, key)) return false;
    const item: unknown = (value as JsonObject)[key];
    if (typeof item === 'object' && item !== null && !isPlainJson(item, depth + 1)) return false;
  }
  return true;
}

/**
 * A JSON value as a tree of plain data, refusing nesting past the cap: the value itself when it
 * is already one, otherwise a copy with own keys only.
 */
export function copyValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  return isPlainJson(value, depth) ? value : copyTree(value, depth);
}

function copyTree(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_NESTING_DEPTH) throw new RecordProblem(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) copy[i] = copyTree(value[i], depth + 1);
    return copy;
  }
  const bag = emptyBag();
  for (const key in value) {
    if (hasOwn.call(value, key)) setKey(bag, key, copyTree((value as JsonObject)[key], depth + 1));
  }
  return bag;
}

/** A property bag from a record's field: absent is empty, anything but an object is a problem. */
export function copyBag(value: unknown, field: string): JsonObject {
  if (value === undefined || value === null) return emptyBag();
  if (!isObject(value)) throw new RecordProblem(`${field} is not an object`);
  return copyValue(value, 1) as JsonObject;
}

/** Keeps the first MAX_PROPERTIES properties; says how many were dropped. */
export function capProperties(bag: JsonObject): { properties: JsonObject; dropped: number } {
  let count = 0;
  for (const _key in bag) count += 1;
  if (count <= MAX_PROPERTIES) return { properties: bag, dropped: 0 };
  const kept = emptyBag();
  let index = 0;
  for (const key in bag) {
    if (index++ >= MAX_PROPERTIES) break;
    setKey(kept, key, bag[key]);
  }
  return { properties: kept, dropped: count - MAX_PROPERTIES };
}

/**
 * A record's property bag (absent is empty, anything but an object is a
 * problem) with the first MAX_PROPERTIES properties only: the bag itself when
 * it is plain JSON data within the caps, otherwise a copy.
 */
export function copyProperties(value: unknown, field: string): { properties: JsonObject; dropped: number } {
  if (value === undefined || value === null) return { properties: emptyBag(), dropped: 0 };
  if (!isObject(value)) throw new RecordProblem(`${field} is not an object`);
  if (isPlainJson(value, 1)) {
    const { properties, dropped } = capProperties(value);
    if (dropped === 0) return { properties, dropped };
  }
  const properties = emptyBag();
  let count = 0;
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    if (count++ < MAX_PROPERTIES) setKey(properties, key, copyTree(value[key], 2));
  }
  return { properties, dropped: Math.max(0, count - MAX_PROPERTIES) };
}

export function field(record: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function objectField(record: JsonObject, key: string): JsonObject | undefined {
  const value = field(record, key);
  return isObject(value) ? value : undefined;
}

/** A non-empty string, or a number written as one; anything else is null. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function requiredName(record: JsonObject, key: string): string {
  const value = field(record, key);
  if (value === undefined || value === null || value === '') throw new RecordProblem(`${key} is missing`);
  if (typeof value !== 'string') throw new RecordProblem(`${key} is not a string`);
  return value;
}

/** An ISO 8601 date-time, or milliseconds since the epoch, as milliseconds; null when unreadable. */
export function isoTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.length === 0) return null;
  const canonical = canonicalIsoTime(value);
  if (canonical !== null) return canonical;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ` (what most senders write, and what Date's toISOString gives) read
 * digit by digit, to the same time Date.parse gives, for a tenth of its cost; null for any other
 * form or for a field outside the range it is certain of, which Date.parse then reads.
 */
function canonicalIsoTime(text: string): number | null {
  if (text.length !== 24 || text.charCodeAt(23) !== 90) return null;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84) return null;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46) return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const millis = digits(text, 20, 3);
  // Years below 100 are read as 19xx by Date.UTC; a day past the month's end rolls over in both.
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || millis < 0) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis);
}

/** The number written by `count` decimal digits from `start`, or -1 if one is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}
