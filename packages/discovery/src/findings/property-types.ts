import type { Attribute, FindingLayer, JudgedFinding } from '@tracemap/contracts';
import type { ObservedType, ProfileProperty, TypeCounts } from '../profile/profile';
import { compareVersions, finding, rate } from './finding';
import { FAMILY, FITS, definedCounts, type Expected } from './property-shared';

export function typeFindings(expected: Expected, layer: FindingLayer, planVersion: string): JudgedFinding[] {
  const { attribute, observed } = expected;
  if (!observed || attribute.type === 'any') return [];
  const fits = FITS[attribute.type];
  if (!fits) return [];
  const counts = definedCounts(observed.types);
  let fitting = 0;
  let other = 0;
  for (const [type, count] of Object.entries(counts)) {
    if (fits.has(type as ObservedType)) fitting += count;
    else other += count;
  }
  const event = expected.usage.event.name;
  if (other === 0) {
    const items = attribute.type === 'array' && attribute.itemType && attribute.itemType !== 'any';
    const itemRow = items ? expected.usage.properties.get(observed.path + '[]') : undefined;
    return itemRow ? itemTypeFindings(expected, itemRow, layer, planVersion) : [];
  }
  if (fitting === 0) {
    return [
      finding(
        {
          type: 'type_mismatch',
          severity: 'high',
          layer,
          subject: { event, property: attribute.name },
          counts: { observed: other, affected: other, rate: 1 },
          firstSeen: observed.firstSeen,
          lastSeen: observed.lastSeen,
          details: {
            planEventId: expected.usage.event.id,
            planAttributeId: attribute.id,
            expectedType: attribute.type,
            observedTypes: counts,
          },
        },
        planVersion,
      ),
    ];
  }
  return splitFindings(observed, event, layer, { attribute, fits }, planVersion);
}

export function itemTypeFindings(
  expected: Expected,
  row: ProfileProperty,
  layer: FindingLayer,
  planVersion: string,
): JudgedFinding[] {
  const itemType = expected.attribute.itemType!;
  const fits = FITS[itemType];
  if (!fits) return [];
  const counts = definedCounts(row.types);
  const other = Object.entries(counts).reduce((sum, [t, c]) => (fits.has(t as ObservedType) ? sum : sum + c), 0);
  if (other === 0 || other < Object.values(counts).reduce((a, b) => a + b, 0)) return [];
  return [
    finding(
      {
        type: 'type_mismatch',
        severity: 'high',
        layer,
        subject: { event: expected.usage.event.name, property: row.path },
        counts: { observed: other, affected: other, rate: 1 },
        firstSeen: row.firstSeen,
        lastSeen: row.lastSeen,
        details: { planAttributeId: expected.attribute.id, expectedType: itemType, observedTypes: counts },
      },
      planVersion,
    ),
  ];
}

/**
 * One property sent in two kinds of types (a number, and the same number as
 * text). The type the plan names (or, unplanned, the one the earliest app
 * version sent) is the expected one; the finding names the app version, and
 * the platform when only one sends it, that brought the other.
 */
export function splitFindings(
  row: ProfileProperty,
  event: string,
  layer: FindingLayer,
  planned: { attribute: Attribute; fits: ReadonlySet<ObservedType> } | null,
  planVersion: string,
): JudgedFinding[] {
  const counts = definedCounts(row.types);
  const families = new Set(Object.keys(counts).map((t) => FAMILY[t as ObservedType]));
  // GA4's own split of one parameter across its value fields shows here as two families (a string and a
  // number); an int and a double are one number, however GA4 filed them.
  if (families.size < 2) return [];
  const isExpected = planned
    ? (type: ObservedType) => planned.fits.has(type)
    : expectedByEarliest(row, counts, families.size >= 2);
  let affected = 0;
  for (const [type, count] of Object.entries(counts)) if (!isExpected(type as ObservedType)) affected += count;
  if (affected === 0) return [];
  const introduced = introducedBy(row, isExpected);
  const observed = Object.values(counts).reduce((a, b) => a + b, 0);
  return [
    finding(
      {
        type: 'type_inconsistent',
        severity: 'medium',
        layer,
        subject: { event, property: planned?.attribute.name ?? row.path },
        counts: { observed, affected, rate: rate(affected, observed) },
        firstSeen: introduced.firstSeen ?? row.firstSeen,
        lastSeen: row.lastSeen,
        details: {
          ...(planned ? { planAttributeId: planned.attribute.id, expectedType: planned.attribute.type } : {}),
          observedTypes: counts,
          ...(introduced.appVersion ? { appVersion: introduced.appVersion } : {}),
          ...(introduced.platform ? { platform: introduced.platform } : {}),
          ...(introduced.previous ? { previousAppVersion: introduced.previous } : {}),
        },
      },
      planVersion,
    ),
  ];
}

/** Without a plan type: the family the earliest app version sent is expected (the most sent one without versions). */
export function expectedByEarliest(
  row: ProfileProperty,
  counts: Record<string, number>,
  byFamily: boolean,
): (type: ObservedType) => boolean {
  const key = (type: ObservedType) => (byFamily ? FAMILY[type] : type);
  const versions = row.versions.filter((v) => v.appVersion !== null);
  let expected: string | null = null;
  if (versions.length > 0) {
    const earliest = [...versions].sort((a, b) => compareVersions(a.appVersion!, b.appVersion!))[0];
    const top = Object.entries(definedCounts(earliest.types)).sort((a, b) => b[1] - a[1])[0];
    if (top) expected = key(top[0] as ObservedType);
  }
  if (expected === null) {
    const top = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
    expected = key(top[0] as ObservedType);
  }
  return (type) => key(type) === expected;
}

export function introducedBy(
  row: ProfileProperty,
  isExpected: (type: ObservedType) => boolean,
): { appVersion?: string; previous?: string; platform?: string; firstSeen?: number } {
  const unexpected = (types: TypeCounts) =>
    Object.entries(types).reduce(
      (sum, [t, c]) => (t === 'null' || isExpected(t as ObservedType) ? sum : sum + (c ?? 0)),
      0,
    );
  const byVersion = new Map<string, { bad: number; all: number; platforms: Set<string>; firstSeen: number }>();
  const badPlatforms = new Set<string>();
  const allPlatforms = new Set<string>();
  for (const v of row.versions) {
    const bad = unexpected(v.types);
    if (v.platform !== null) {
      allPlatforms.add(v.platform);
      if (bad > 0) badPlatforms.add(v.platform);
    }
    if (v.appVersion === null) continue;
    const held = byVersion.get(v.appVersion) ?? { bad: 0, all: 0, platforms: new Set(), firstSeen: Infinity };
    held.bad += bad;
    held.all += Object.values(v.types).reduce((a, b) => a + (b ?? 0), 0);
    if (bad > 0) held.firstSeen = Math.min(held.firstSeen, v.firstSeen);
    byVersion.set(v.appVersion, held);
  }
  const ordered = [...byVersion.keys()].sort(compareVersions);
  const first = ordered.findIndex((version) => byVersion.get(version)!.bad > 0);
  const result: { appVersion?: string; previous?: string; platform?: string; firstSeen?: number } = {};
  // Blame a version only when an earlier one sent the expected type alone.
  if (first > 0) {
    result.appVersion = ordered[first];
    result.previous = ordered[first - 1];
    result.firstSeen = byVersion.get(ordered[first])!.firstSeen;
  }
  if (badPlatforms.size === 1 && allPlatforms.size > 1) result.platform = [...badPlatforms][0];
  return result;
}
