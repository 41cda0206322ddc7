import {
  DAYS_KEPT,
  EXAMPLES_PER_SHAPE,
  MASKS_MAX,
  TOP_VALUES_MAX,
  VERSION_BUCKETS_MAX,
  VIEW_KEYS_MAX,
  VIEW_KEY_OTHER,
  type DailyCount,
  type NativeCounts,
  type Profile,
  type ProfileEvent,
  type ProfileExample,
  type ProfileProperty,
  type ProfileTransition,
  type TypeCounts,
  type VersionTypes,
  type ViewCount,
} from './profile';
import { compareKeys, mergeCounted } from './value-sketch';

// Rows are merged by their keys; the row merges are exported so that storage
// that reads one row back can add a delta's row to it the same way.

const SEP = '\u0000';

export const eventRowKey = (row: Pick<ProfileEvent, 'sourceId' | 'kind' | 'name'>) =>
  row.sourceId + SEP + row.kind + SEP + row.name;
export const propertyRowKey = (row: Pick<ProfileProperty, 'sourceId' | 'kind' | 'event' | 'path'>) =>
  row.sourceId + SEP + row.kind + SEP + row.event + SEP + row.path;
export const transitionRowKey = (row: Pick<ProfileTransition, 'sourceId' | 'from' | 'to'>) =>
  row.sourceId + SEP + (row.from ?? '') + SEP + (row.from === null ? '0' : '1') + SEP + row.to;
export const exampleRowKey = (row: Pick<ProfileExample, 'sourceId' | 'kind' | 'event' | 'shape'>) =>
  row.sourceId + SEP + row.kind + SEP + row.event + SEP + row.shape;

/** The sum of two profiles (or a profile and a delta); neither is changed. */
export function mergeProfiles(a: Profile, b: Profile): Profile {
  return {
    events: mergeRows(a.events, b.events, eventRowKey, mergeEventRows),
    properties: mergeRows(a.properties, b.properties, propertyRowKey, mergePropertyRows),
    transitions: mergeRows(a.transitions, b.transitions, transitionRowKey, mergeTransitionRows),
    examples: mergeRows(a.examples, b.examples, exampleRowKey, mergeExampleRows),
  };
}

function mergeRows<T>(a: readonly T[], b: readonly T[], keyOf: (row: T) => string, merge: (x: T, y: T) => T): T[] {
  const byKey = new Map<string, T>();
  for (const row of a) {
    const key = keyOf(row);
    const existing = byKey.get(key);
    byKey.set(key, existing ? merge(existing, row) : row);
  }
  for (const row of b) {
    const key = keyOf(row);
    const existing = byKey.get(key);
    byKey.set(key, existing ? merge(existing, row) : row);
  }
  return [...byKey.entries()].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)).map(([, row]) => row);
}

export function mergeEventRows(a: ProfileEvent, b: ProfileEvent): ProfileEvent {
  return {
    sourceId: a.sourceId,
    name: a.name,
    kind: a.kind,
    total: a.total + b.total,
    firstSeen: Math.min(a.firstSeen, b.firstSeen),
    lastSeen: Math.max(a.lastSeen, b.lastSeen),
    daily: mergeDaily(a.daily, b.daily),
    views: mergeViews(a.views, b.views),
    truncated: a.truncated + b.truncated,
  };
}

export function mergePropertyRows(a: ProfileProperty, b: ProfileProperty): ProfileProperty {
  return {
    sourceId: a.sourceId,
    event: a.event,
    kind: a.kind,
    path: a.path,
    present: a.present + b.present,
    types: addCounts(a.types, b.types),
    native: addCounts(a.native, b.native),
    firstSeen: Math.min(a.firstSeen, b.firstSeen),
    lastSeen: Math.max(a.lastSeen, b.lastSeen),
    versions: mergeVersions(a.versions, b.versions),
    topValues: mergeCounted(
      a.topValues,
      b.topValues,
      (v) => v.value,
      (v) => v.count,
      (v, count) => ({ value: v.value, count }),
      TOP_VALUES_MAX,
    ),
    sketched: a.sketched + b.sketched,
    highCardinality: a.highCardinality || b.highCardinality,
    masks: mergeCounted(
      a.masks,
      b.masks,
      (m) => m.mask,
      (m) => m.count,
      (m, count) => ({ mask: m.mask, example: m.example, count }),
      MASKS_MAX,
    ),
    masked: a.masked + b.masked,
    personal: a.personal + b.personal,
  };
}

export function mergeTransitionRows(a: ProfileTransition, b: ProfileTransition): ProfileTransition {
  return {
    sourceId: a.sourceId,
    from: a.from,
    to: a.to,
    count: a.count + b.count,
    firstSeen: Math.min(a.firstSeen, b.firstSeen),
    lastSeen: Math.max(a.lastSeen, b.lastSeen),
  };
}

export function mergeExampleRows(a: ProfileExample, b: ProfileExample): ProfileExample {
  const examples = [...a.examples];
  const seen = new Set(examples.map((e) => JSON.stringify(e)));
  for (const example of b.examples) {
    if (examples.length >= EXAMPLES_PER_SHAPE) break;
    const text = JSON.stringify(example);
    if (!seen.has(text)) {
      seen.add(text);
      examples.push(example);
    }
  }
  return { ...a, count: a.count + b.count, examples };
}

export function addCounts<T extends TypeCounts | NativeCounts>(a: T, b: T): T {
  const sum: Record<string, number> = { ...(a as Record<string, number>) };
  for (const [key, count] of Object.entries(b as Record<string, number>)) sum[key] = (sum[key] ?? 0) + count;
  return sum as T;
}

/** Daily counts added, keeping the last `DAYS_KEPT` days before the latest one. */
export function mergeDaily(a: readonly DailyCount[], b: readonly DailyCount[]): DailyCount[] {
  const byKey = new Map<string, DailyCount>();
  for (const list of [a, b]) {
    for (const row of list) {
      const key = row.day + SEP + (row.appVersion ?? SEP) + SEP + (row.platform ?? SEP);
      const existing = byKey.get(key);
      byKey.set(key, existing ? { ...existing, count: existing.count + row.count } : { ...row });
    }
  }
  return pruneDays([...byKey.values()]);
}

export function pruneDays(rows: DailyCount[]): DailyCount[] {
  if (rows.length === 0) return rows;
  let latest = rows[0].day;
  for (const row of rows) if (row.day > latest) latest = row.day;
  const oldest = new Date(Date.parse(latest + 'T00:00:00Z') - (DAYS_KEPT - 1) * 86_400_000).toISOString().slice(0, 10);
  return rows
    .filter((row) => row.day >= oldest)
    .sort(
      (x, y) =>
        compareKeys(x.day, y.day) ||
        compareKeys(x.appVersion ?? '', y.appVersion ?? '') ||
        compareKeys(x.platform ?? '', y.platform ?? ''),
    );
}

export function mergeViews(a: readonly ViewCount[], b: readonly ViewCount[]): ViewCount[] {
  const byView = new Map<string, number>();
  for (const list of [a, b]) for (const row of list) byView.set(row.view, (byView.get(row.view) ?? 0) + row.count);
  const rows = [...byView].map(([view, count]) => ({ view, count }));
  rows.sort((x, y) => y.count - x.count || compareKeys(x.view, y.view));
  if (rows.length <= VIEW_KEYS_MAX) return rows;
  const kept = rows.filter((row) => row.view !== VIEW_KEY_OTHER).slice(0, VIEW_KEYS_MAX - 1);
  const keptViews = new Set(kept.map((row) => row.view));
  const other = rows.filter((row) => !keptViews.has(row.view)).reduce((sum, row) => sum + row.count, 0);
  return [...kept, { view: VIEW_KEY_OTHER, count: other }];
}

export function mergeVersions(a: readonly VersionTypes[], b: readonly VersionTypes[]): VersionTypes[] {
  const byKey = new Map<string, VersionTypes>();
  for (const list of [a, b]) {
    for (const row of list) {
      const key = (row.appVersion ?? SEP) + SEP + (row.platform ?? SEP);
      const existing = byKey.get(key);
      byKey.set(
        key,
        existing
          ? {
              appVersion: row.appVersion,
              platform: row.platform,
              types: addCounts(existing.types, row.types),
              firstSeen: Math.min(existing.firstSeen, row.firstSeen),
              lastSeen: Math.max(existing.lastSeen, row.lastSeen),
            }
          : row,
      );
    }
  }
  const rows = [...byKey.values()];
  if (rows.length > VERSION_BUCKETS_MAX) {
    // Keep the buckets seen last: old versions die out, a new one is what a split is blamed on.
    rows.sort((x, y) => y.lastSeen - x.lastSeen);
    rows.length = VERSION_BUCKETS_MAX;
  }
  return rows.sort(
    (x, y) => compareKeys(x.appVersion ?? '', y.appVersion ?? '') || compareKeys(x.platform ?? '', y.platform ?? ''),
  );
}
