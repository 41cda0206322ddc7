import type {
  FindingLayer,
  JudgedFinding,
  PlanSnapshot,
  PlanView,
  SnapshotEffectiveAttribute,
} from '@tracemap/contracts';
import { foldName } from '@tracemap/tracking-plan';
import { planIndex } from '../matching/plan-index';
import type { ProfileProperty } from '../profile/profile';
import { mergePropertyRows } from '../profile/merge-profiles';
import { finding, rate } from './finding';
import { isTopLevel, type ObservedGroup, type PlannedUsage } from './observed-groups';
import { layerKeys } from './property-layers';
import type { Expected, PropertyThresholds } from './property-shared';
import { valueFindings } from './property-values';

/**
 * A page (or screen) event's observed groups by the one view each was sent
 * from; null unless every group was sent from exactly one view (a page call
 * named after its view), since otherwise the properties cannot be told apart by view.
 */
export function pageViewsByView(usage: PlannedUsage): Map<string, { view: PlanView; groups: ObservedGroup[] }> | null {
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
export function viewLinkFindings(
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
export function effectiveOf(usage: PlannedUsage, plan: PlanSnapshot): SnapshotEffectiveAttribute[] {
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

/**
 * A required attribute missing on most events that one view (map, the
 * system) asks it of is one finding on that layer; otherwise each event that
 * misses it gets its own.
 */
export function missingFindings(
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
