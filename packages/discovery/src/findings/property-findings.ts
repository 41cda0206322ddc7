import type {
  Attribute,
  FindingLayer,
  JudgedFinding,
  PlanSnapshot,
  PlanView,
  SnapshotEffectiveAttribute,
  Validation,
} from '@tracemap/contracts';
import { foldName, matchesUserPattern, userPatternError } from '@tracemap/tracking-plan';
import { planIndex } from '../matching/plan-index';
import type { ObservedType, ProfileProperty, TypeCounts } from '../profile/profile';
import { RETIRED_STATUSES } from './event-findings';
import { compareVersions, finding, rate } from './finding';
import { mergePropertyRows } from '../profile/merge-profiles';
import { isTopLevel, type ObservedGroup, type PlannedUsage } from './observed-groups';

export interface PropertyThresholds {
  /** A required attribute is missing when more than this share of its events lack it. */
  missingRequiredRate: number;
  /** A view, map or the system gets one finding when at least this share of its affected events miss it. */
  layerShare: number;
}

export const DEFAULT_PROPERTY_THRESHOLDS: PropertyThresholds = { missingRequiredRate: 0.05, layerShare: 0.5 };

const STRING_TYPES: readonly ObservedType[] = ['string', 'datetime', 'email', 'uuid', 'url', 'numeric-string'];
const FITS: Record<string, ReadonlySet<ObservedType>> = {
  string: new Set(STRING_TYPES),
  integer: new Set(['integer']),
  number: new Set(['integer', 'number']),
  boolean: new Set(['boolean']),
  datetime: new Set(['datetime']),
  object: new Set(['object']),
  array: new Set(['array']),
};
/** Families for telling a split apart from variety: an int and a float are both numbers, a URL is a string. */
const FAMILY: Record<ObservedType, string> = {
  string: 'string',
  datetime: 'string',
  email: 'string',
  uuid: 'string',
  url: 'string',
  'numeric-string': 'numeric-string',
  integer: 'number',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
  array: 'array',
  object: 'object',
};
const FORMAT_TYPES: Partial<Record<string, ObservedType>> = {
  email: 'email',
  uri: 'url',
  uuid: 'uuid',
  'date-time': 'datetime',
};

/** An effective attribute of one planned event, with its observed property. */
interface Expected {
  usage: PlannedUsage;
  effective: SnapshotEffectiveAttribute;
  attribute: Attribute;
  observed: ProfileProperty | undefined;
}

/**
 * Findings about properties of recognised events: unplanned, missing, of the
 * wrong or of two types, outside an enum or a pattern; and personal-looking
 * values wherever they came.
 */
export function propertyFindings(
  groups: readonly ObservedGroup[],
  usages: ReadonlyMap<string, PlannedUsage>,
  plan: PlanSnapshot,
  thresholds: PropertyThresholds,
): JudgedFinding[] {
  const index = planIndex(plan);
  const out: JudgedFinding[] = [];
  const missing: Array<Expected & { absent: number }> = [];
  const requiredBy = new Map<string, Expected[]>();
  /** Observed attributes by the view, map or system layer that brought them, and their type and value problems. */
  const carriedBy = new Map<string, Expected[]>();
  const valueProblems: Array<{ finding: JudgedFinding; expected: Expected }> = [];

  for (const usage of usages.values()) {
    const event = usage.event;
    if (RETIRED_STATUSES.has(event.status)) continue;
    const layer: FindingLayer = { layer: 'event', id: event.id, name: event.name };
    /** Planned attribute names by folded name. */
    const planned = new Map<string, string>();
    // Page views each sent from one known view are held to that view's own links, view by view.
    const byView = pageViewsByView(usage);
    for (const effective of effectiveOf(usage, plan)) {
      const attribute = index.attributesById.get(effective.attributeId);
      if (!attribute) continue;
      const folded = foldName(attribute.name);
      planned.set(folded, attribute.name);
      const observed = usage.topLevel.get(folded);
      const expected: Expected = { usage, effective, attribute, observed };
      const perView = byView !== null && effective.layer === 'view';
      if (effective.presence === 'required' && !perView) {
        const present = observed?.present ?? 0;
        const absent = Math.max(0, usage.total - present);
        for (const key of layerKeys(effective)) {
          const list = requiredBy.get(key) ?? [];
          list.push(expected);
          requiredBy.set(key, list);
        }
        if (usage.total > 0 && absent / usage.total > thresholds.missingRequiredRate)
          missing.push({ ...expected, absent });
      }
      if (!observed) continue;
      for (const key of carrierKeys(effective)) {
        const list = carriedBy.get(key) ?? [];
        list.push(expected);
        carriedBy.set(key, list);
      }
      for (const found of [
        ...typeFindings(expected, layer, plan.version),
        ...(perView ? [] : valueFindings(expected, layer, plan.version)),
      ])
        valueProblems.push({ finding: found, expected });
    }
    if (byView !== null) out.push(...viewLinkFindings(usage, byView, plan, thresholds));
    for (const [path, row] of usage.properties) {
      if (!isTopLevel(path)) continue;
      const plannedName = planned.get(foldName(path));
      if (plannedName !== undefined) {
        // The planned attribute in another spelling (`orderId` for `order_id`): counted as it, named apart.
        if (plannedName !== path) {
          out.push(
            finding(
              {
                type: 'name_case',
                severity: 'low',
                layer,
                subject: { event: event.name, property: path },
                counts: { observed: usage.total, affected: row.present, rate: rate(row.present, usage.total) },
                firstSeen: row.firstSeen,
                lastSeen: row.lastSeen,
                details: { planEventId: event.id, suggestion: plannedName },
              },
              plan.version,
            ),
          );
        }
        continue;
      }
      out.push(
        finding(
          {
            type: 'unplanned_property',
            severity: 'low',
            layer,
            subject: { event: event.name, property: path },
            counts: { observed: usage.total, affected: row.present, rate: rate(row.present, usage.total) },
            firstSeen: row.firstSeen,
            lastSeen: row.lastSeen,
            details: { planEventId: event.id, observedTypes: definedCounts(row.types) },
          },
          plan.version,
        ),
      );
      out.push(...splitFindings(row, event.name, layer, null, plan.version));
    }
  }
  out.push(...missingFindings(missing, requiredBy, plan, thresholds));
  out.push(...liftedToLayers(valueProblems, carriedBy, plan, thresholds));

  // Unplanned events: their own properties may still split, and personal values are found everywhere.
  for (const group of groups) {
    if (group.match.event) continue;
    for (const row of group.properties.values()) {
      out.push(...splitFindings(row, group.name, { layer: 'event', name: group.name }, null, plan.version));
    }
  }
  out.push(...personalFindings(groups, usages, plan));
  return out;
}

/**
 * A page (or screen) event's observed groups by the one view each was sent
 * from; null unless every group was sent from exactly one view (a page call
 * named after its view), since otherwise the properties cannot be told apart by view.
 */
function pageViewsByView(usage: PlannedUsage): Map<string, { view: PlanView; groups: ObservedGroup[] }> | null {
  if (usage.event.kind !== 'page' && usage.event.kind !== 'screen') return null;
  const byView = new Map<string, { view: PlanView; groups: ObservedGroup[] }>();
  for (const group of usage.groups) {
    if (group.views.size !== 1) return null;
    const [{ view }] = group.views.values();
    const held = byView.get(view.id);
    if (held) held.groups.push(group);
    else byView.set(view.id, { view, groups: [group] });
  }
  return byView.size > 0 ? byView : null;
}

/**
 * The attributes a view links, checked on the page views sent from it: a
 * required one missing, a value outside the view's enum, const or pattern.
 * Filed on that view, where one fix of its link or its page clears it.
 */
function viewLinkFindings(
  usage: PlannedUsage,
  byView: Map<string, { view: PlanView; groups: ObservedGroup[] }>,
  plan: PlanSnapshot,
  thresholds: PropertyThresholds,
): JudgedFinding[] {
  const index = planIndex(plan);
  const out: JudgedFinding[] = [];
  const event = usage.event;
  for (const { view, groups } of byView.values()) {
    const properties = new Map<string, ProfileProperty>();
    for (const group of groups) {
      for (const [path, row] of group.properties) {
        const held = properties.get(path);
        properties.set(path, held ? mergePropertyRows(held, row) : row);
      }
    }
    const topLevel = new Map<string, ProfileProperty>();
    for (const [path, row] of properties) if (isTopLevel(path)) topLevel.set(foldName(path), row);
    const onView: PlannedUsage = {
      event,
      groups,
      total: groups.reduce((sum, g) => sum + g.total, 0),
      firstSeen: Math.min(...groups.map((g) => g.firstSeen)),
      lastSeen: Math.max(...groups.map((g) => g.lastSeen)),
      properties,
      topLevel,
    };
    const layer: FindingLayer = { layer: 'view', id: view.id, name: view.name };
    for (const link of view.attributes) {
      const attribute = index.attributesById.get(link.attributeId);
      if (!attribute || attribute.status === 'archived') continue;
      const observed = topLevel.get(foldName(attribute.name));
      const effective: SnapshotEffectiveAttribute = {
        attributeId: attribute.id,
        presence: link.presence,
        validation: link.validationOverride ?? attribute.validation,
        layer: 'view',
        sources: [{ layer: 'view', id: view.id, name: view.name, presence: link.presence }],
      };
      const absent = Math.max(0, onView.total - (observed?.present ?? 0));
      if (link.presence === 'required' && onView.total > 0 && absent / onView.total > thresholds.missingRequiredRate) {
        out.push(
          finding(
            {
              type: 'missing_required',
              severity: absent / onView.total >= 0.5 ? 'high' : 'medium',
              layer,
              subject: { event: event.name, property: attribute.name },
              counts: { observed: onView.total, affected: absent, rate: rate(absent, onView.total) },
              firstSeen: onView.firstSeen,
              lastSeen: onView.lastSeen,
              details: { planEventId: event.id, planAttributeId: attribute.id, viewId: view.id },
            },
            plan.version,
          ),
        );
      }
      if (observed) out.push(...valueFindings({ usage: onView, effective, attribute, observed }, layer, plan.version));
    }
  }
  return out;
}

/**
 * The attributes a recognised event should carry. Identify and group calls
 * carry the plan's user or group attributes as traits, which never attach to
 * events through layers, so those are expected as optional.
 */
function effectiveOf(usage: PlannedUsage, plan: PlanSnapshot): SnapshotEffectiveAttribute[] {
  const event = usage.event;
  if (event.kind !== 'identify' && event.kind !== 'group') return event.effective;
  const scope = event.kind === 'identify' ? 'user' : 'group';
  const have = new Set(event.effective.map((e) => e.attributeId));
  const extra: SnapshotEffectiveAttribute[] = [];
  const links = new Map(event.attributes.map((link) => [link.attributeId, link]));
  for (const attribute of plan.attributes) {
    if (attribute.scope !== scope || attribute.status === 'archived' || have.has(attribute.id)) continue;
    const link = links.get(attribute.id);
    extra.push({
      attributeId: attribute.id,
      presence: link?.presence ?? 'optional',
      validation: link?.validationOverride ?? attribute.validation,
      layer: 'event',
      sources: [{ layer: 'event', presence: link?.presence ?? 'optional' }],
    });
  }
  return [...event.effective, ...extra];
}

/** The layers that ask for a required attribute: every view or map requiring it, or the system. */
function layerKeys(effective: SnapshotEffectiveAttribute): string[] {
  if (effective.layer === 'event') return [];
  return effective.sources
    .filter((s) => s.layer === effective.layer && s.presence === 'required')
    .map((s) => `${effective.attributeId}|${s.layer}|${s.id ?? ''}|${s.name ?? ''}`);
}

/** The view, map or system layer an attribute came through (an event's own attributes have none to lift to). */
function carrierKeys(effective: SnapshotEffectiveAttribute): string[] {
  if (effective.layer === 'event') return [];
  return effective.sources
    .filter((s) => s.layer === effective.layer)
    .map((s) => `${effective.attributeId}|${s.layer}|${s.id ?? ''}|${s.name ?? ''}`);
}

/**
 * A type or value problem of an attribute that a view, a map or the system
 * brings, shown by most events that carry it from there, is one finding on
 * that layer (one fix there clears it); otherwise it stays on each event.
 */
function liftedToLayers(
  problems: Array<{ finding: JudgedFinding; expected: Expected }>,
  carriedBy: Map<string, Expected[]>,
  plan: PlanSnapshot,
  thresholds: PropertyThresholds,
): JudgedFinding[] {
  const byLayer = new Map<string, Array<{ finding: JudgedFinding; expected: Expected }>>();
  for (const problem of problems) {
    for (const key of carrierKeys(problem.expected.effective)) {
      const groupKey = problem.finding.type + '|' + key;
      const list = byLayer.get(groupKey) ?? [];
      list.push(problem);
      byLayer.set(groupKey, list);
    }
  }
  const lifted = new Set<JudgedFinding>();
  const out: JudgedFinding[] = [];
  for (const [groupKey, list] of byLayer) {
    const [type, , layerName, id, name] = groupKey.split('|');
    const carriers = carriedBy.get(groupKey.slice(type.length + 1)) ?? [];
    const events = new Set(list.map((p) => p.expected.usage.event.id));
    if (events.size < 2 || events.size / Math.max(1, carriers.length) < thresholds.layerShare) continue;
    const findings = list.map((p) => p.finding).filter((f) => !lifted.has(f));
    if (findings.length < 2) continue;
    for (const f of findings) lifted.add(f);
    const first = findings[0];
    const observed = findings.reduce((total, f) => total + f.counts.observed, 0);
    const affected = findings.reduce((total, f) => total + f.counts.affected, 0);
    const seen = (pick: (f: JudgedFinding) => string | null) =>
      findings.map(pick).filter((t): t is string => t !== null);
    const firstSeen = seen((f) => f.firstSeen).sort()[0] ?? null;
    const lastSeen =
      seen((f) => f.lastSeen)
        .sort()
        .pop() ?? null;
    const values = [...new Set(findings.flatMap((f) => f.details.values ?? []))].slice(0, 5);
    const layer = layerName as FindingLayer['layer'];
    const { planEventId: _planEventId, ...details } = first.details;
    out.push(
      finding(
        {
          type: first.type,
          severity: first.severity,
          layer: { layer, ...(id ? { id } : {}), ...(name ? { name } : {}) },
          subject: { event: '*', property: first.subject.property },
          counts: { observed, affected, rate: rate(affected, observed) },
          firstSeen: firstSeen === null ? null : Date.parse(firstSeen),
          lastSeen: lastSeen === null ? null : Date.parse(lastSeen),
          details: {
            ...details,
            ...(values.length > 0 ? { values } : {}),
            ...(layer === 'view' && id ? { viewId: id } : {}),
            events: findings.map((f) => f.subject.event).sort(),
          },
        },
        plan.version,
      ),
    );
  }
  return [...problems.map((p) => p.finding).filter((f) => !lifted.has(f)), ...out];
}

/**
 * A required attribute missing on most events that one view (map, the
 * system) asks it of is one finding on that layer; otherwise each event that
 * misses it gets its own.
 */
function missingFindings(
  missing: Array<Expected & { absent: number }>,
  requiredBy: Map<string, Expected[]>,
  plan: PlanSnapshot,
  thresholds: PropertyThresholds,
): JudgedFinding[] {
  const out: JudgedFinding[] = [];
  const missingKeys = new Set(missing.map((m) => m.usage.event.id + '|' + m.attribute.id));
  const onLayer = new Set<string>();
  for (const [key, asked] of requiredBy) {
    const affected = asked.filter((e) => missingKeys.has(e.usage.event.id + '|' + e.attribute.id));
    if (affected.length < 2 || affected.length / asked.length < thresholds.layerShare) continue;
    onLayer.add(key);
    const [, layerName, id, name] = key.split('|');
    const layer = layerName as FindingLayer['layer'];
    const attribute = asked[0].attribute;
    const observed = asked.reduce((total, e) => total + e.usage.total, 0);
    const absent = asked.reduce((total, e) => total + Math.max(0, e.usage.total - (e.observed?.present ?? 0)), 0);
    out.push(
      finding(
        {
          type: 'missing_required',
          severity: absent / observed >= 0.5 ? 'high' : 'medium',
          layer: { layer, ...(id ? { id } : {}), ...(name ? { name } : {}) },
          subject: { event: '*', property: attribute.name },
          counts: { observed, affected: absent, rate: rate(absent, observed) },
          firstSeen: Math.min(...affected.map((e) => e.usage.firstSeen)),
          lastSeen: Math.max(...affected.map((e) => e.usage.lastSeen)),
          details: {
            planAttributeId: attribute.id,
            ...(layer === 'view' && id ? { viewId: id } : {}),
            events: affected.map((e) => e.usage.event.name).sort(),
          },
        },
        plan.version,
      ),
    );
  }
  for (const item of missing) {
    if (layerKeys(item.effective).some((key) => onLayer.has(key))) continue;
    const event = item.usage.event;
    out.push(
      finding(
        {
          type: 'missing_required',
          severity: item.absent / item.usage.total >= 0.5 ? 'high' : 'medium',
          layer: { layer: 'event', id: event.id, name: event.name },
          subject: { event: event.name, property: item.attribute.name },
          counts: { observed: item.usage.total, affected: item.absent, rate: rate(item.absent, item.usage.total) },
          firstSeen: item.usage.firstSeen,
          lastSeen: item.usage.lastSeen,
          details: { planEventId: event.id, planAttributeId: item.attribute.id },
        },
        plan.version,
      ),
    );
  }
  return out;
}

/** Type counts without nulls: a null is a value left out, judged by presence and nullability, not by type. */
function definedCounts(types: TypeCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [type, count] of Object.entries(types)) if (type !== 'null' && count) out[type] = count;
  return out;
}

function typeFindings(expected: Expected, layer: FindingLayer, planVersion: string): JudgedFinding[] {
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

function itemTypeFindings(
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
function splitFindings(
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
function expectedByEarliest(
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

function introducedBy(
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

/** Values outside an enum or const, or not matching a pattern or format, from the profile's sketches. */
function valueFindings(expected: Expected, layer: FindingLayer, planVersion: string): JudgedFinding[] {
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
function violations(
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

function patternViolations(
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

function sum(values: readonly { count: number }[]): number {
  return values.reduce((total, v) => total + v.count, 0);
}

/** Personal-looking values (emails, phone numbers) in a property the plan does not mark personal. */
function personalFindings(
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

function lastSegment(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 ? path.slice(dot + 1) : path).replace(/(\[\])+$/, '');
}
