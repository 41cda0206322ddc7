import type { FindingLayer, JudgedFinding, PlanSnapshot } from '@tracemap/contracts';
import { compareVersions, finding, rate } from './finding';
import type { ObservedGroup, PlannedUsage, Traffic } from './observed-groups';

export interface TrafficThresholds {
  /** A source or platform misses an event only when it should have sent at least this many by its share of traffic. */
  gapExpected: number;
  /** Versions are compared only when each sent at least this many events. */
  versionTraffic: number;
  /** An event's share of a version's traffic that grows or shrinks by this factor is a shift. */
  shiftFactor: number;
  /** …and only when at least this many events are at stake. */
  shiftEvents: number;
}

export const DEFAULT_TRAFFIC_THRESHOLDS: TrafficThresholds = {
  gapExpected: 20,
  versionTraffic: 200,
  shiftFactor: 3,
  shiftEvents: 30,
};

/** One event as traffic findings see it: planned events over all their observed names, unplanned ones by name. */
interface Subject {
  name: string;
  layer: FindingLayer;
  total: number;
  firstSeen: number;
  lastSeen: number;
  sources: Map<string, number>;
  platforms: Map<string, number>;
  versions: Map<string, number>;
}

function subjects(groups: readonly ObservedGroup[], usages: ReadonlyMap<string, PlannedUsage>): Subject[] {
  const out: Subject[] = [];
  const track = (g: ObservedGroup) => g.kind === 'track';
  for (const usage of usages.values()) {
    const list = usage.groups.filter(track);
    if (list.length === 0) continue;
    out.push({
      name: usage.event.name,
      layer: { layer: 'event', id: usage.event.id, name: usage.event.name },
      total: list.reduce((sum, g) => sum + g.total, 0),
      firstSeen: Math.min(...list.map((g) => g.firstSeen)),
      lastSeen: Math.max(...list.map((g) => g.lastSeen)),
      sources: sumMaps(list.map((g) => g.sources)),
      platforms: sumMaps(list.map((g) => g.platforms)),
      versions: sumMaps(list.map((g) => g.versions)),
    });
  }
  for (const group of groups) {
    if (group.match.event || !track(group)) continue;
    out.push({ ...group, layer: { layer: 'event', name: group.name } });
  }
  return out;
}

/**
 * Track events seen on some sources (or platforms) and not on another that,
 * by its share of all traffic, should have sent a fair number of them; and
 * events whose share of traffic changed sharply from one app version to the next.
 */
export function trafficFindings(
  groups: readonly ObservedGroup[],
  usages: ReadonlyMap<string, PlannedUsage>,
  traffic: Traffic,
  plan: PlanSnapshot,
  thresholds: TrafficThresholds,
): JudgedFinding[] {
  const out: JudgedFinding[] = [];
  const versions = [...traffic.versions.entries()]
    .filter(([, count]) => count >= thresholds.versionTraffic)
    .sort((a, b) => compareVersions(a[0], b[0]));
  for (const subject of subjects(groups, usages)) {
    const missingOn: string[] = [];
    const seenOn: string[] = [];
    let expectedMissing = 0;
    for (const [label, dimension, counts] of [
      ['source', traffic.sources, subject.sources],
      ['platform', traffic.platforms, subject.platforms],
    ] as const) {
      if (dimension.size < 2) continue;
      let seenTraffic = 0;
      for (const [key, total] of dimension) if ((counts.get(key) ?? 0) > 0) seenTraffic += total;
      if (seenTraffic === 0) continue;
      for (const [key, total] of dimension) {
        if ((counts.get(key) ?? 0) > 0) {
          seenOn.push(`${label}:${key}`);
          continue;
        }
        const expected = (subject.total * total) / seenTraffic;
        if (expected >= thresholds.gapExpected) {
          missingOn.push(`${label}:${key}`);
          expectedMissing += Math.round(expected);
        }
      }
    }
    if (missingOn.length > 0) {
      out.push(
        finding(
          {
            type: 'source_gap',
            severity: 'medium',
            layer: subject.layer,
            subject: { event: subject.name },
            counts: { observed: subject.total + expectedMissing, affected: expectedMissing },
            firstSeen: subject.firstSeen,
            lastSeen: subject.lastSeen,
            details: { seenOn: seenOn.sort(), missingOn: missingOn.sort() },
          },
          plan.version,
        ),
      );
    }

    let shift: { from: string; to: string; expected: number; actual: number; factor: number } | null = null;
    for (let i = 1; i < versions.length; i++) {
      const [previous, previousTraffic] = versions[i - 1];
      const [next, nextTraffic] = versions[i];
      const before = subject.versions.get(previous) ?? 0;
      const actual = subject.versions.get(next) ?? 0;
      const expected = (before / previousTraffic) * nextTraffic;
      if (Math.max(expected, actual) < thresholds.shiftEvents) continue;
      const factor = (actual + 1) / (expected + 1);
      const size = Math.max(factor, 1 / factor);
      if (size >= thresholds.shiftFactor && (!shift || size > Math.max(shift.factor, 1 / shift.factor))) {
        shift = { from: previous, to: next, expected, actual, factor };
      }
    }
    if (shift) {
      const expected = Math.round(shift.expected);
      const affected = Math.abs(shift.actual - expected);
      out.push(
        finding(
          {
            type: 'volume_shift',
            severity: 'medium',
            layer: subject.layer,
            subject: { event: subject.name },
            counts: { observed: shift.actual, affected, rate: rate(shift.actual, expected) },
            firstSeen: subject.firstSeen,
            lastSeen: subject.lastSeen,
            details: {
              appVersion: shift.to,
              previousAppVersion: shift.from,
              message: `${shift.actual} events where ${expected} were expected from ${shift.from}'s share of traffic`,
            },
          },
          plan.version,
        ),
      );
    }
  }
  return out;
}

function sumMaps(maps: ReadonlyArray<Map<string, number>>): Map<string, number> {
  const out = new Map<string, number>();
  for (const map of maps) for (const [key, count] of map) out.set(key, (out.get(key) ?? 0) + count);
  return out;
}
