import type { FindingLayer, JudgedFinding, PlanSnapshot, SnapshotEffectiveAttribute } from '@tracemap/contracts';
import { finding, rate } from './finding';
import type { Expected, PropertyThresholds } from './property-shared';

/** The layers that ask for a required attribute: every view or map requiring it, or the system. */
export function layerKeys(effective: SnapshotEffectiveAttribute): string[] {
  if (effective.layer === 'event') return [];
  return effective.sources
    .filter((s) => s.layer === effective.layer && s.presence === 'required')
    .map((s) => `${effective.attributeId}|${s.layer}|${s.id ?? ''}|${s.name ?? ''}`);
}

/** The view, map or system layer an attribute came through (an event's own attributes have none to lift to). */
export function carrierKeys(effective: SnapshotEffectiveAttribute): string[] {
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
export function liftedToLayers(
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
