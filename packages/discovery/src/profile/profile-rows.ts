import { mergeVersions, pruneDays } from './merge-profiles';
import { EXAMPLES_PER_SHAPE, OBSERVED_TYPES } from './profile';
import type {
  DailyCount,
  NativeCounts,
  ProfileEvent,
  ProfileExample,
  ProfileProperty,
  ProfileTransition,
  TypeCounts,
  VersionTypes,
} from './profile';
import { DAY_MS, NATIVE_TYPES, type Bucket, type EventAcc } from './profile-accumulators';

/** Transition rows: sourceId → from (null: first of a session) → to. */
export function transitionRows(bySource: Map<string, Map<string | null, Map<string, Bucket>>>): ProfileTransition[] {
  const transitions: ProfileTransition[] = [];
  for (const [sourceId, byFrom] of bySource) {
    for (const [from, byTo] of byFrom) {
      for (const [to, bucket] of byTo) {
        transitions.push({ sourceId, from, to, count: bucket.count, firstSeen: bucket.first, lastSeen: bucket.last });
      }
    }
  }
  return transitions;
}

/** One row per shape: walks of the same paths and types in another key order are one shape. */
export function exampleRows(acc: EventAcc): ProfileExample[] {
  const rows = new Map<string, ProfileExample>();
  for (const shape of acc.shapeList) {
    const example = shape.example;
    if (shape.count === 0) continue;
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

/** Counts start again after a drain; the event's paths and shapes stay known (paths start again when next met). */
export function reset(acc: EventAcc): void {
  acc.total = 0;
  acc.truncated = 0;
  acc.first = Infinity;
  acc.last = -Infinity;
  acc.buckets = new Map();
  acc.views?.clear();
  acc.batchSlots = [];
  for (const shape of acc.shapeList) {
    shape.count = 0;
    shape.example.pending = [];
  }
}

export function eventRow(acc: EventAcc): ProfileEvent {
  const daily: DailyCount[] = [];
  for (const [day, byVersion] of acc.buckets) {
    const dayText = dayString(day);
    byVersion.forEach((bucket, version) => {
      const { appVersion, platform } = acc.versions[version];
      daily.push({ day: dayText, appVersion, platform, count: bucket!.count });
    });
  }
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

/** One row per path counted since the last drain, by path. */
export function propertyRows(acc: EventAcc): ProfileProperty[] {
  const rows: ProfileProperty[] = [];
  for (const slot of acc.batchSlots) {
    const versions: VersionTypes[] = slot.batchCells.map((cell) => ({
      appVersion: acc.versions[cell.version].appVersion,
      platform: acc.versions[cell.version].platform,
      types: typeCounts(cell.typeCounts),
      firstSeen: cell.first,
      lastSeen: cell.last,
    }));
    const native: NativeCounts = {};
    slot.nativeCounts.forEach((count, field) => {
      if (count > 0) native[NATIVE_TYPES[field]] = count;
    });
    const row: ProfileProperty = {
      sourceId: acc.sourceId,
      event: acc.name,
      kind: acc.kind,
      path: slot.path,
      present: slot.present,
      types: typeCounts(slot.typeCounts),
      native,
      firstSeen: slot.first,
      lastSeen: slot.last,
      versions: mergeVersions([], versions),
      topValues: [],
      sketched: 0,
      highCardinality: slot.highCardinality,
      masks: [],
      masked: 0,
      personal: slot.personal,
    };
    if (slot.values) {
      // The sketch's own total: what its counts add up to, so a value outside them is never made up.
      row.sketched = slot.values.offered;
      row.topValues = slot.values.entries().map(([value, count]) => ({ value, count }));
    }
    if (slot.masks) {
      const examples = slot.maskExamples!;
      row.masked = slot.masks.offered;
      row.masks = slot.masks.entries().map(([mask, count]) => ({ mask, example: examples.get(mask) ?? mask, count }));
    }
    rows.push(row);
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function typeCounts(counts: readonly number[]): TypeCounts {
  const types: TypeCounts = {};
  for (let code = 0; code < counts.length; code++) if (counts[code] > 0) types[OBSERVED_TYPES[code]] = counts[code];
  return types;
}

function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
