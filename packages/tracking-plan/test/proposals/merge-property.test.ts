import fc from 'fast-check';
import type { NativePlan } from '@tracemap/contracts';
import { mergePlans, sameValue, toNativePlan, UNTRACKED_FIELDS, WHOLE_ENTITY, type MergeConflict } from '../../src';
import { attribute, event, optional, required, uuid } from '../builders';

/**
 * Random concurrent edits on both sides of a proposal (fields set, tags and links added and
 * dropped, entities created and deleted): merging never loses a change of either side without
 * reporting a conflict for it, and never reports a conflict where only one side changed.
 */
type Entity = Record<string, unknown> & { id: string };
type Edit =
  | { op: 'field'; target: number; field: 'description' | 'status' | 'pii' | 'displayName'; value: number }
  | { op: 'tag'; target: number; tag: number; add: boolean }
  | { op: 'link'; target: number; attribute: number; add: boolean; presence: boolean }
  | { op: 'delete'; target: number }
  | { op: 'create'; name: number };

const TAGS = ['a', 'b', 'c', 'd'];
const STATUSES = ['planned', 'implemented', 'deprecated'];

function basePlan(): NativePlan {
  const attributes = Array.from({ length: 4 }, (_, n) => attribute(`attr ${n}`, { tags: n % 2 ? ['a'] : [] }));
  const events = Array.from({ length: 3 }, (_, n) =>
    event(`event ${n}`, { attributes: [required(attributes[n]), optional(attributes[n + 1])], tags: ['b'] }),
  );
  return toNativePlan({ attributes, events, views: [], maps: [] });
}

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    op: fc.constant('field' as const),
    target: fc.nat(6),
    field: fc.constantFrom('description' as const, 'status' as const, 'pii' as const, 'displayName' as const),
    value: fc.nat(2),
  }),
  fc.record({ op: fc.constant('tag' as const), target: fc.nat(6), tag: fc.nat(3), add: fc.boolean() }),
  fc.record({
    op: fc.constant('link' as const),
    target: fc.nat(2),
    attribute: fc.nat(3),
    add: fc.boolean(),
    presence: fc.boolean(),
  }),
  fc.record({ op: fc.constant('delete' as const), target: fc.nat(6) }),
  fc.record({ op: fc.constant('create' as const), name: fc.nat(1000) }),
);

function applyEdits(from: NativePlan, edits: Edit[], side: string): NativePlan {
  const plan = structuredClone(from);
  const all = () => [...plan.attributes, ...plan.events] as unknown as Entity[];
  for (const edit of edits) {
    if (edit.op === 'create') {
      plan.attributes.push(
        toNativePlan({ attributes: [attribute(`${side} ${edit.name}`, { id: uuid() })], events: [], views: [] })
          .attributes[0],
      );
      continue;
    }
    const entities = edit.op === 'link' ? (plan.events as unknown as Entity[]) : all();
    const target = entities[edit.target % Math.max(1, entities.length)];
    if (!target) continue;
    if (edit.op === 'delete') {
      plan.attributes = plan.attributes.filter((a) => a.id !== target.id);
      plan.events = plan.events.filter((e) => e.id !== target.id);
    } else if (edit.op === 'field') {
      const values: Record<typeof edit.field, unknown[]> = {
        description: [`${side} one`, `${side} two`, 'shared'],
        status: STATUSES,
        pii: [true, false, true],
        displayName: [`${side} label`, 'shared label', ''],
      };
      target[edit.field] = values[edit.field][edit.value];
    } else if (edit.op === 'tag') {
      const tags = new Set(target.tags as string[]);
      if (edit.add) tags.add(TAGS[edit.tag]);
      else tags.delete(TAGS[edit.tag]);
      target.tags = [...tags];
    } else {
      const attributeId = plan.attributes[edit.attribute % Math.max(1, plan.attributes.length)]?.id;
      if (!attributeId) continue;
      const links = (target.attributes as Array<{ attributeId: string }>).filter((l) => l.attributeId !== attributeId);
      if (edit.add) links.push({ attributeId, presence: edit.presence ? 'required' : 'optional' } as never);
      target.attributes = links;
    }
  }
  return plan;
}

const entitiesOf = (plan: NativePlan) =>
  new Map(([...plan.attributes, ...plan.events] as unknown as Entity[]).map((e) => [e.id, e]));
const strip = (e: Entity) => Object.fromEntries(Object.entries(e).filter(([f]) => !UNTRACKED_FIELDS.includes(f)));
const keyOf = (element: unknown) =>
  typeof element === 'object' && element !== null ? (element as { attributeId: string }).attributeId : String(element);

/** Problems with a merge: changes lost without a conflict, or conflicts where only one side changed. */
function problems(base: NativePlan, proposal: NativePlan, live: NativePlan): string[] {
  const { plan: merged, conflicts } = mergePlans(base, proposal, live);
  const found: string[] = [];
  const [b, p, l, m] = [base, proposal, live, merged].map(entitiesOf);
  const conflicted = (id: string, field: string) =>
    conflicts.some((c: MergeConflict) => c.id === id && (c.field === field || c.field === WHOLE_ENTITY));
  for (const c of conflicts) {
    if (c.field === WHOLE_ENTITY) continue;
    if (sameValue(c.proposal, c.base) || sameValue(c.live, c.base) || sameValue(c.proposal, c.live))
      found.push(`needless conflict on ${c.id}.${c.field}`);
  }
  for (const id of new Set([...b.keys(), ...p.keys(), ...l.keys()])) {
    const [be, pe, le, me] = [b, p, l, m].map((map) => map.get(id));
    if (conflicted(id, WHOLE_ENTITY)) continue;
    const changed = (side: Entity | undefined) => !side || !be || !sameValue(strip(side), strip(be));
    if (be && (!pe || !le)) {
      if (me) found.push(`${id} deleted on one side but kept`);
      if ((pe && changed(pe)) || (le && changed(le))) found.push(`${id} changed and deleted without a conflict`);
      continue;
    }
    if (!me) {
      found.push(`${id} lost`);
      continue;
    }
    if (!pe || !le) continue;
    for (const field of Object.keys(strip(me))) {
      if (conflicted(id, field)) continue;
      const [bv, pv, lv, mv] = [be?.[field], pe[field], le[field], me[field]];
      if (sameValue(pv, bv)) {
        if (!sameValue(mv, lv)) found.push(`${id}.${field}: live change lost`);
      } else if (sameValue(lv, bv) || sameValue(pv, lv)) {
        if (!sameValue(mv, pv)) found.push(`${id}.${field}: proposal change lost`);
      } else if (Array.isArray(mv)) {
        const keys = (list: unknown) => new Set((list as unknown[] | undefined)?.map(keyOf) ?? []);
        const [bk, pk, lk, mk] = [bv, pv, lv, mv].map(keys);
        for (const key of new Set([...bk, ...pk, ...lk])) {
          const expected = bk.has(key) ? pk.has(key) && lk.has(key) : pk.has(key) || lk.has(key);
          if (expected !== mk.has(key)) found.push(`${id}.${field}[${key}]: ${expected ? 'lost' : 'kept'}`);
        }
      } else found.push(`${id}.${field}: both changed, no conflict`);
    }
  }
  return found;
}

test('merging random concurrent edits never loses a change without a reported conflict', () => {
  fc.assert(
    fc.property(fc.array(editArbitrary, { maxLength: 8 }), fc.array(editArbitrary, { maxLength: 8 }), (pe, le) => {
      const base = basePlan();
      const proposal = applyEdits(base, pe, 'proposal');
      const live = applyEdits(base, le, 'live');
      expect(problems(base, proposal, live)).toEqual([]);
      // Settling every conflict for one side leaves none open, and that side's values win.
      const { conflicts } = mergePlans(base, proposal, live);
      const settled = mergePlans(
        base,
        proposal,
        live,
        conflicts.map((c) => ({ kind: c.kind, id: c.id, field: c.field, take: 'proposal' as const })),
      );
      expect(settled.conflicts).toEqual([]);
    }),
    { numRuns: 400, seed: 22 },
  );
});

test('a proposal merged into an unchanged live plan is the proposal', () => {
  fc.assert(
    fc.property(fc.array(editArbitrary, { maxLength: 10 }), (edits) => {
      const base = basePlan();
      const proposal = applyEdits(base, edits, 'proposal');
      const { plan, conflicts } = mergePlans(base, proposal, base);
      expect(conflicts).toEqual([]);
      expect(entitiesOf(plan)).toEqual(entitiesOf(proposal));
    }),
    { numRuns: 200, seed: 23 },
  );
});
