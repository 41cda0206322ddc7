import type { HistoryEntityKind, NativePlan } from '@tracemap/contracts';
import { sameValue, UNTRACKED_FIELDS } from '../diff';
import { mergeField } from './merge-values';

/** The field name a conflict carries when one side deleted the entity and the other changed it. */
export const WHOLE_ENTITY = '*';

/** A field both sides changed differently (or an entity one side deleted and the other changed). */
export interface MergeConflict {
  kind: HistoryEntityKind;
  id: string;
  /** The entity's name in the live plan, else in the proposal. */
  name: string;
  field: string;
  base: unknown;
  proposal: unknown;
  live: unknown;
}

/** Which side a conflict keeps, chosen by a person. */
export interface MergeResolution {
  kind: HistoryEntityKind;
  id: string;
  field: string;
  take: 'proposal' | 'live';
}

export interface PlanMerge {
  /** The merged plan; a conflicted field holds the live value until a resolution says otherwise. */
  plan: NativePlan;
  conflicts: MergeConflict[];
}

type Entity = { id: string; name: string } & Record<string, unknown>;
type Collection = 'attributes' | 'events' | 'views' | 'maps';

export const PLAN_COLLECTIONS: ReadonlyArray<[HistoryEntityKind, Collection]> = [
  ['attribute', 'attributes'],
  ['event', 'events'],
  ['view', 'views'],
  ['map', 'maps'],
];

const byId = (plan: NativePlan, collection: Collection) =>
  new Map<string, Entity>(((plan[collection] ?? []) as Entity[]).map((entity) => [entity.id, entity]));

/**
 * Merges a proposal into the live plan against the version it started from, entity by entity
 * and field by field: what only one side changed is taken from it, what both changed alike is
 * kept once, and what both changed differently is a conflict. An entity deleted on one side
 * stays deleted unless the other side changed it (then that is a conflict on the whole entity).
 * Resolutions, when given, settle conflicts by the side they name; a conflict they leave open
 * stays in `conflicts`.
 */
export function mergePlans(
  base: NativePlan,
  proposal: NativePlan,
  live: NativePlan,
  resolutions: readonly MergeResolution[] = [],
): PlanMerge {
  const chosen = new Map(resolutions.map((r) => [`${r.kind}:${r.id}:${r.field}`, r.take]));
  const conflicts: MergeConflict[] = [];
  const plan: NativePlan = { ...live, attributes: [], events: [], views: [], maps: [] };
  for (const [kind, collection] of PLAN_COLLECTIONS) {
    const b = byId(base, collection);
    const p = byId(proposal, collection);
    const l = byId(live, collection);
    const ids = [...l.keys(), ...[...p.keys()].filter((id) => !l.has(id))];
    const merged: Entity[] = [];
    for (const id of ids) {
      const take = (field: string) => chosen.get(`${kind}:${id}:${field}`);
      const entity = mergeEntity(b.get(id), p.get(id), l.get(id), (conflict) => {
        const side = take(conflict.field);
        if (side) return side;
        conflicts.push({ kind, id, name: (l.get(id) ?? p.get(id))?.name ?? '', ...conflict });
        return 'live';
      });
      if (entity) merged.push(entity);
    }
    (plan as Record<Collection, Entity[]>)[collection] = merged;
  }
  if (live.maps === undefined && proposal.maps === undefined) delete plan.maps;
  return { plan, conflicts };
}

type Decide = (conflict: Omit<MergeConflict, 'kind' | 'id' | 'name'>) => 'proposal' | 'live';

function mergeEntity(
  base: Entity | undefined,
  proposal: Entity | undefined,
  live: Entity | undefined,
  decide: Decide,
): Entity | undefined {
  if (!proposal || !live) {
    const survivor = proposal ?? live;
    if (!survivor) return undefined;
    // Created on one side only.
    if (!base) return survivor;
    // Deleted on one side: gone, unless the other changed it meanwhile.
    if (sameValue(strip(survivor), strip(base))) return undefined;
    const side = decide({
      field: WHOLE_ENTITY,
      base,
      proposal: proposal ?? null,
      live: live ?? null,
    });
    return side === 'proposal' ? proposal : live;
  }
  // Most entities are untouched by the proposal: every field then takes the live value, which is
  // the live entity itself (and callers can tell it unchanged by identity).
  if (base && sameValue(proposal, base)) return live;
  const fields = [...new Set([...Object.keys(base ?? {}), ...Object.keys(proposal), ...Object.keys(live)])];
  const merged: Record<string, unknown> = {};
  for (const field of fields) {
    const values = { base: base?.[field], proposal: proposal[field], live: live[field] };
    if (UNTRACKED_FIELDS.includes(field) && field !== 'id') {
      merged[field] = values.live;
      continue;
    }
    const result = mergeField(values);
    const value = result.conflict
      ? decide({ field, ...values }) === 'proposal'
        ? values.proposal
        : values.live
      : result.merged;
    if (value !== undefined) merged[field] = value;
  }
  return merged as Entity;
}

const strip = (entity: Entity) =>
  Object.fromEntries(Object.entries(entity).filter(([f]) => !UNTRACKED_FIELDS.includes(f)));
