import type { FindingLayer, JudgedFinding, PlanSnapshot, Validation } from '@tracemap/contracts';
import { foldName, matchesUserPattern, userPatternError } from '@tracemap/tracking-plan';
import type { ProfileProperty } from '../profile/profile';
import { finding, rate } from './finding';
import type { ObservedGroup, PlannedUsage } from './observed-groups';
import { FORMAT_TYPES, STRING_TYPES, type Expected } from './property-shared';

/** Values outside an enum or const, or not matching a pattern or format, from the profile's sketches. */
export function valueFindings(expected: Expected, layer: FindingLayer, planVersion: string): JudgedFinding[] {
  const { attribute, observed, effective } = expected;
  if (!observed || attribute.pii) return [];
  const items = attribute.type === 'array';
  const row = items ? expected.usage.properties.get(observed.path + '[]') : observed;
  if (!row) return [];
  const validation: Validation = effective.validation;
  const event = expected.usage.event.name;
  const base = {
    layer,
    subject: { event, property: attribute.name },
    firstSeen: row.firstSeen,
    lastSeen: row.lastSeen,
  };
  if (validation.kind === 'enum' || validation.kind === 'const') {
    const allowed = validation.kind === 'enum' ? (validation.values ?? []) : [validation.const];
    const fits = (value: unknown) => allowed.some((a) => a === value);
    const { affected, values } = violations(row, fits, false);
    if (affected === 0) return [];
    return [
      finding(
        {
          type: 'enum_violation',
          severity: 'medium',
          ...base,
          counts: { observed: row.sketched, affected, rate: rate(affected, row.sketched) },
          details: { planAttributeId: attribute.id, values },
        },
        planVersion,
      ),
    ];
  }
  if (validation.kind === 'regex' && validation.pattern !== undefined) {
    const pattern = validation.pattern;
    if (userPatternError(pattern) !== null) return [];
    const { affected, values, observedCount } = patternViolations(row, (value) => matchesUserPattern(pattern, value));
    if (affected === 0) return [];
    return [
      finding(
        {
          type: 'pattern_violation',
          severity: 'medium',
          ...base,
          counts: { observed: observedCount, affected, rate: rate(affected, observedCount) },
          details: { planAttributeId: attribute.id, values },
        },
        planVersion,
      ),
    ];
  }
  if (validation.kind === 'format' && validation.format && FORMAT_TYPES[validation.format]) {
    const wanted = FORMAT_TYPES[validation.format]!;
    let strings = 0;
    let affected = 0;
    for (const type of STRING_TYPES) {
      const count = row.types[type] ?? 0;
      strings += count;
      if (type !== wanted) affected += count;
    }
    if (affected === 0) return [];
    return [
      finding(
        {
          type: 'pattern_violation',
          severity: 'medium',
          ...base,
          counts: { observed: strings, affected, rate: rate(affected, strings) },
          details: { planAttributeId: attribute.id, message: `not ${validation.format}` },
        },
        planVersion,
      ),
    ];
  }
  return [];
}

/** Values of the sketch that break the rule; what fell out of a full sketch is counted as breaking it. */
export function violations(
  row: ProfileProperty,
  fits: (value: string | number | boolean) => boolean,
  stringsOnly: boolean,
): { affected: number; values: Array<string | number | boolean> } {
  let fitting = 0;
  let considered = 0;
  const values: Array<string | number | boolean> = [];
  for (const { value, count } of row.topValues) {
    if (stringsOnly && typeof value !== 'string') continue;
    considered += count;
    if (fits(value)) fitting += count;
    else if (values.length < 5) values.push(value);
  }
  const total = stringsOnly ? considered + (row.highCardinality ? row.sketched - sum(row.topValues) : 0) : row.sketched;
  return { affected: Math.max(0, total - fitting), values };
}

export function patternViolations(
  row: ProfileProperty,
  fits: (value: string) => boolean,
): { affected: number; values: string[]; observedCount: number } {
  const strings = STRING_TYPES.reduce((total, type) => total + (row.types[type] ?? 0), 0);
  if (row.masked > 0) {
    // Values outlined alike pass or fail alike: the share of failing outlines is the share of failing values.
    let failing = 0;
    let counted = 0;
    const values: string[] = [];
    for (const mask of row.masks) {
      counted += mask.count;
      if (!fits(mask.example)) {
        failing += mask.count;
        if (values.length < 5) values.push(mask.example);
      }
    }
    // Outlines that fell out of the sketch are rare ones: the held ones stand for all.
    const share = counted === 0 ? 0 : failing / counted;
    return { affected: Math.round(share * strings), values, observedCount: strings };
  }
  const { affected, values } = violations(row, (value) => typeof value === 'string' && fits(value), true);
  return { affected, values: values.map(String), observedCount: Math.max(strings, affected) };
}

export function sum(values: readonly { count: number }[]): number {
  return values.reduce((total, v) => total + v.count, 0);
}

/** Personal-looking values (emails, phone numbers) in a property the plan does not mark personal. */
export function personalFindings(
  groups: readonly ObservedGroup[],
  usages: ReadonlyMap<string, PlannedUsage>,
  plan: PlanSnapshot,
): JudgedFinding[] {
  const personalNames = new Set(plan.attributes.filter((a) => a.pii).map((a) => foldName(a.name)));
  const out: JudgedFinding[] = [];
  const judge = (rows: Iterable<ProfileProperty>, event: string, layer: FindingLayer) => {
    for (const row of rows) {
      if (row.personal === 0 || personalNames.has(foldName(lastSegment(row.path)))) continue;
      const observed = row.personal + row.sketched;
      out.push(
        finding(
          {
            type: 'pii_suspect',
            severity: 'high',
            layer,
            subject: { event, property: row.path },
            counts: { observed, affected: row.personal, rate: rate(row.personal, observed) },
            firstSeen: row.firstSeen,
            lastSeen: row.lastSeen,
            details: {},
          },
          plan.version,
        ),
      );
    }
  };
  for (const usage of usages.values()) {
    judge(usage.properties.values(), usage.event.name, {
      layer: 'event',
      id: usage.event.id,
      name: usage.event.name,
    });
  }
  for (const group of groups) {
    if (!group.match.event) judge(group.properties.values(), group.name, { layer: 'event', name: group.name });
  }
  return out;
}

export function lastSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 ? path.slice(dot + 1) : path).replace(/(\[\])+$/, '');
}
