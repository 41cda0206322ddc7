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

/**
 * A bag whose keys are plain data: `__proto__` or `constructor` sent by an app
 * become own properties, never a prototype, so nothing leaks into Object.prototype.
 */
export function emptyBag(): JsonObject {
  return Object.create(null) as JsonObject;
}

/** Sets a key of a bag made by `emptyBag`: with no prototype, even `__proto__` is an ordinary own key. */
export function setKey(bag: JsonObject, key: string, value: unknown): void {
  bag[key] = value;
}

/** A copy of a JSON value with every object made a plain-data bag; refuses nesting past the cap. */
export function copyValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_NESTING_DEPTH) throw new RecordProblem(`nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i += 1) copy[i] = copyValue(value[i], depth + 1);
    return copy;
  }
  const bag = emptyBag();
  for (const key in value) {
    // JSON.parse makes own keys only; the check keeps anything inherited out all the same.
    if (Object.prototype.hasOwnProperty.call(value, key)) bag[key] = copyValue((value as JsonObject)[key], depth + 1);
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
    kept[key] = bag[key];
  }
  return { properties: kept, dropped: count - MAX_PROPERTIES };
}

/**
 * A record's property bag (absent is empty, anything but an object is a
 * problem), copied with the first MAX_PROPERTIES properties only, in one pass.
 */
export function copyProperties(value: unknown, field: string): { properties: JsonObject; dropped: number } {
  const properties = emptyBag();
  if (value === undefined || value === null) return { properties, dropped: 0 };
  if (!isObject(value)) throw new RecordProblem(`${field} is not an object`);
  let count = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (count++ < MAX_PROPERTIES) properties[key] = copyValue(value[key], 2);
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
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}
