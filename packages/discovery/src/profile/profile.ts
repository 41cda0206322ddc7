import type { NativeValueType, ObservedKind } from '../observed-event';

/**
 * The profile: what discovery keeps of observed traffic. Aggregates only,
 * never a raw payload or a personal value. Every part is plain JSON data in
 * rows (one per event, per property, per transition, per event shape), so the
 * service can store a delta as increments and read the whole profile back into
 * this same shape. Times are milliseconds since the epoch.
 */
export interface Profile {
  events: ProfileEvent[];
  properties: ProfileProperty[];
  transitions: ProfileTransition[];
  examples: ProfileExample[];
}

/** What a builder collected since its last drain; it adds to a stored profile with `mergeProfiles`. */
export type ProfileDelta = Profile;

/**
 * Types a value is counted under. A string is counted under one of its
 * recognised formats when it has one, so `string` means "no known format";
 * `numeric-string` is a number sent as text ("42", "3.5").
 */
export const OBSERVED_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  'array',
  'object',
  'datetime',
  'email',
  'uuid',
  'url',
  'numeric-string',
] as const;
export type ObservedType = (typeof OBSERVED_TYPES)[number];
export type TypeCounts = Partial<Record<ObservedType, number>>;
export type NativeCounts = Partial<Record<NativeValueType, number>>;

/** Events of one day (`YYYY-MM-DD`, UTC) from one app version and platform. */
export interface DailyCount {
  day: string;
  appVersion: string | null;
  platform: string | null;
  count: number;
}

/** One row per (source, event name, kind). */
export interface ProfileEvent {
  sourceId: string;
  name: string;
  kind: ObservedKind;
  total: number;
  firstSeen: number;
  lastSeen: number;
  /** The last 90 days, sorted by day, app version, platform. */
  daily: DailyCount[];
  /**
   * Page and screen events: the views they were sent from (a URL path with
   * id-like segments replaced by `:id`, or a screen name), at most
   * `VIEW_KEYS_MAX` of them; the rest are counted under `VIEW_KEY_OTHER`.
   */
  views: ViewCount[];
  /** Events whose properties went past the caps (nesting, count) and were profiled in part. */
  truncated: number;
}

export interface ViewCount {
  view: string;
  count: number;
}

/** Type counts of one property among the events of one app version on one platform. */
export interface VersionTypes {
  appVersion: string | null;
  platform: string | null;
  types: TypeCounts;
  firstSeen: number;
  lastSeen: number;
}

export interface TopValue {
  value: string | number | boolean;
  count: number;
}

/** A value's outline: digits as `9`, capitals as `A`, small letters as `a` ("ORD-123" → "AAA-999"), with one value of it. */
export interface ValueMask {
  mask: string;
  example: string;
  count: number;
}

/**
 * One row per (source, event name, kind, property path). Paths join nested
 * objects with dots and mark array items with `[]` (`products[].price`).
 * `present` and the type counts count events: an event where the path holds
 * an integer twice counts once under `integer`.
 */
export interface ProfileProperty {
  sourceId: string;
  event: string;
  kind: ObservedKind;
  path: string;
  present: number;
  types: TypeCounts;
  /** GA4 only: the value field the parameter arrived in. */
  native: NativeCounts;
  firstSeen: number;
  lastSeen: number;
  /** Type counts per app version and platform, so a split is attributed to the version that brought it. */
  versions: VersionTypes[];
  /**
   * The most frequent short values (strings of at most 64 characters, numbers,
   * booleans), at most 20, counted with the space-saving method: a value that
   * came more often than 1/20 of `sketched` is always there. Never personal
   * values, never values of attributes the plan marks personal. A path's first
   * 500 values are offered one by one, later ones through a sample (one
   * in sixteen, counted sixteen times), so past that the counts are estimates.
   */
  topValues: TopValue[];
  /** Values offered to `topValues`, as its counts add up (an estimate once the path's values are sampled). */
  sketched: number;
  /** True once many more distinct values came than the sketch holds: the property is not an enum. */
  highCardinality: boolean;
  /**
   * Once strings fall out of `topValues`: their outlines, at most 20, of every value for the first
   * thousand, then of one in four counted four times; `masked` is the values they stand for.
   */
  masks: ValueMask[];
  masked: number;
  /** Values that looked personal (an email address, a phone number) and were counted instead of kept; every value is looked at. */
  personal: number;
}

/** Views in sequence within a session; `from` is null for the first view of a session. */
export interface ProfileTransition {
  sourceId: string;
  from: string | null;
  to: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * One row per (source, event name, kind, shape), a shape being the sorted
 * property paths with their types. Examples have their values replaced by type
 * placeholders (`<string>`, `<integer>`…) except short non-personal words.
 */
export interface ProfileExample {
  sourceId: string;
  event: string;
  kind: ObservedKind;
  /** A hash of `paths`. */
  shape: string;
  /** `path:type`, sorted. */
  paths: string[];
  count: number;
  examples: Record<string, unknown>[];
}

export const DAYS_KEPT = 90;
export const TOP_VALUES_MAX = 20;
export const MASKS_MAX = 20;
export const EXAMPLES_PER_SHAPE = 3;
export const SHORT_VALUE_MAX = 64;
export const VIEW_KEYS_MAX = 200;
export const VIEW_KEY_OTHER = ':other';
export const VERSION_BUCKETS_MAX = 100;

export function emptyProfile(): Profile {
  return { events: [], properties: [], transitions: [], examples: [] };
}
