import type { DiffEntry, LintFinding, NativePlan, ProposalDiff } from '@tracemap/contracts';
import {
  eventJsonSchema,
  fieldChanges,
  lintMapOf,
  lintPlan,
  PLAN_COLLECTIONS,
  sameValue,
} from '@tracemap/tracking-plan';
import { effectiveRows } from '../plan/export-tracking-plan';
import type { StoredPlan } from '../plan/plan-repository';
import type { PlanSettings } from '../shared/plan-context';

type Entity = { id: string; name: string } & Record<string, unknown>;

// Two plan files compared without I/O: what a proposal changes against its base, or one version against another.

/** The file's entities as the resolver and lint read stored ones (they never look at versions or dates). */
function asStored(plan: NativePlan, includeArchived: boolean): StoredPlan {
  const volatile = { version: 0, createdAt: '', updatedAt: '' };
  const keep = <T extends { status: string }>(list: T[]) =>
    (includeArchived ? list : list.filter((e) => e.status !== 'archived')).map((e) => ({ ...e, ...volatile }));
  return { attributes: keep(plan.attributes), events: keep(plan.events), views: keep(plan.views) };
}

/** Entities added, changed field by field, and removed, matched by id. */
export function entityDiff(before: NativePlan, after: NativePlan): Pick<ProposalDiff, 'added' | 'changed' | 'removed'> {
  const added: DiffEntry[] = [];
  const changed: DiffEntry[] = [];
  const removed: DiffEntry[] = [];
  for (const [kind, collection] of PLAN_COLLECTIONS) {
    const old = new Map(((before[collection] ?? []) as Entity[]).map((e) => [e.id, e]));
    const now = new Set<string>();
    for (const entity of (after[collection] ?? []) as Entity[]) {
      now.add(entity.id);
      const previous = old.get(entity.id);
      if (!previous) added.push({ kind, id: entity.id, name: entity.name });
      else {
        const changes = fieldChanges(previous, entity);
        if (changes.length > 0) changed.push({ kind, id: entity.id, name: entity.name, changes });
      }
    }
    for (const entity of old.values())
      if (!now.has(entity.id)) removed.push({ kind, id: entity.id, name: entity.name });
  }
  return { added, changed, removed };
}

function effectiveOf(plan: NativePlan, settings: PlanSettings) {
  const maps = (plan.maps ?? []).filter((m) => m.status !== 'archived');
  const rows = effectiveRows(asStored(plan, false), settings.attributeInheritance, maps);
  return new Map(rows.map((row) => [row.event.id, row]));
}

/**
 * The full comparison: entities, then every event whose effective attributes
 * change (inheritance through views and maps changes them without the event
 * being edited: a `effectiveAttributes` change on the event), its JSON Schema
 * before and after, and lint of both plans.
 */
export function planDiff(before: NativePlan, after: NativePlan, settings: PlanSettings): ProposalDiff {
  const diff = entityDiff(before, after);
  const old = effectiveOf(before, settings);
  const now = effectiveOf(after, settings);
  const schemas: ProposalDiff['schemas'] = [];
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(id);
    const b = now.get(id);
    const schemaA = a ? eventJsonSchema(a.event, a.attributes) : null;
    const schemaB = b ? eventJsonSchema(b.event, b.attributes) : null;
    if (!sameValue(schemaA, schemaB))
      schemas.push({ eventId: id, name: (b ?? a)!.event.name, before: schemaA, after: schemaB });
    if (!a || !b) continue;
    const summary = (row: typeof a) =>
      row.attributes.map((e) => ({ name: e.attribute.name, presence: e.presence, layer: e.layer }));
    if (sameValue(summary(a), summary(b))) continue;
    const change = { field: 'effectiveAttributes', before: summary(a), after: summary(b) };
    const entry = diff.changed.find((c) => c.kind === 'event' && c.id === id);
    if (entry) entry.changes = [...(entry.changes ?? []), change];
    else diff.changed.push({ kind: 'event', id, name: b.event.name, changes: [change] });
  }
  return { ...diff, schemas, lint: { before: lintOf(before, settings), after: lintOf(after, settings) } };
}

function lintOf(plan: NativePlan, settings: PlanSettings) {
  const live = asStored(plan, false);
  const archived = asStored(plan, true);
  const named = {
    views: archived.views.filter((v) => v.status === 'archived'),
    events: archived.events.filter((e) => e.status === 'archived'),
  };
  const findings: LintFinding[] = lintPlan({
    ...live,
    maps: (plan.maps ?? []).filter((m) => m.status !== 'archived').map(lintMapOf),
    named,
    settings: {
      eventNameCase: settings.eventNameCase,
      attributeNameCase: settings.attributeNameCase,
      rules: settings.lintRules,
    },
  });
  return {
    findings,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
  };
}
