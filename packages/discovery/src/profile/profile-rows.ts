import { mergeVersions, pruneDays } from './merge-profiles';
import { EXAMPLES_PER_SHAPE } from './profile';
import type {
  DailyCount,
  ProfileEvent,
  ProfileExample,
  ProfileProperty,
  ProfileTransition,
  VersionTypes,
} from './profile';
import { DAY_MS, forEachBucket, type Bucket, type EventAcc, type Slot } from './profile-accumulators';

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
export function reset(acc: EventAcc): void {
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

export function eventRow(acc: EventAcc): ProfileEvent {
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

export function propertyRows(acc: EventAcc): ProfileProperty[] {
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

function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
