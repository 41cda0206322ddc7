import type { FindingLayer, JudgedFinding, PlanSnapshot } from '@tracemap/contracts';
import { foldName } from '@tracemap/tracking-plan';
import { planIndex } from '../matching/plan-index';
import { RETIRED_STATUSES } from './event-findings';
import { finding, rate } from './finding';
import { isTopLevel, type ObservedGroup, type PlannedUsage } from './observed-groups';
import { carrierKeys, layerKeys, liftedToLayers } from './property-layers';
import { effectiveOf, missingFindings, pageViewsByView, viewLinkFindings } from './property-presence';
import { definedCounts, type Expected, type PropertyThresholds } from './property-shared';
import { splitFindings, typeFindings } from './property-types';
import { personalFindings, valueFindings } from './property-values';

export type { PropertyThresholds } from './property-shared';

export const DEFAULT_PROPERTY_THRESHOLDS: PropertyThresholds = { missingRequiredRate: 0.05, layerShare: 0.5 };

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
