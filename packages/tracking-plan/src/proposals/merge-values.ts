import { sameValue } from '../diff';

/** A field's three versions: the proposal's base, the proposal, and the live plan now. */
export interface ThreeWay {
  base: unknown;
  proposal: unknown;
  live: unknown;
}

export type FieldMerge = { merged: unknown; conflict: false } | { merged: unknown; conflict: true };

/**
 * How elements of a list field are told apart, so two sides that each add or drop elements
 * merge element by element instead of clashing on the whole list: links by the attribute, map
 * nodes by their view, edges by their id, a view's events by the event, and lists of plain
 * values (tags, owners) by the value itself.
 */
const KEY_FIELDS = ['attributeId', 'viewId', 'id', 'eventId'] as const;

function keyOf(element: unknown): string | null {
  if (element === null || typeof element !== 'object') {
    return typeof element === 'string' || typeof element === 'number' ? `=${String(element)}` : null;
  }
  const record = element as Record<string, unknown>;
  for (const field of KEY_FIELDS) if (typeof record[field] === 'string') return `${field}:${record[field]}`;
  return null;
}

function keyed(list: unknown[]): Map<string, unknown> | null {
  const byKey = new Map<string, unknown>();
  for (const element of list) {
    const key = keyOf(element);
    if (key === null || byKey.has(key)) return null;
    byKey.set(key, element);
  }
  return byKey;
}

/**
 * One field, three ways: a side that did not change it takes the other's value; both changing it
 * alike is no conflict; lists of keyed elements merge element by element (an element added by
 * either side is kept, one dropped by either side is dropped, one changed by one side takes that
 * change). Anything else changed differently on both sides is a conflict, merged meanwhile as
 * the live plan has it.
 */
export function mergeField({ base, proposal, live }: ThreeWay): FieldMerge {
  if (sameValue(proposal, base)) return { merged: live, conflict: false };
  if (sameValue(live, base) || sameValue(proposal, live)) return { merged: proposal, conflict: false };
  if (Array.isArray(proposal) && Array.isArray(live) && (base === undefined || Array.isArray(base))) {
    const merged = mergeLists((base as unknown[] | undefined) ?? [], proposal, live);
    if (merged) return { merged, conflict: false };
  }
  return { merged: live, conflict: true };
}

/** Element by element, in the live order with the proposal's additions after; null when it cannot be told apart. */
function mergeLists(base: unknown[], proposal: unknown[], live: unknown[]): unknown[] | null {
  const b = keyed(base);
  const p = keyed(proposal);
  const l = keyed(live);
  if (!b || !p || !l) return null;
  const order = [...l.keys(), ...[...p.keys()].filter((key) => !l.has(key))];
  const merged: unknown[] = [];
  for (const key of order) {
    const inBase = b.has(key);
    const inProposal = p.has(key);
    const inLive = l.has(key);
    if (!inBase) {
      // Added on one side, or on both: both alike is one element, two different ones clash.
      if (inProposal && inLive && !sameValue(p.get(key), l.get(key))) return null;
      merged.push(inLive ? l.get(key) : p.get(key));
      continue;
    }
    if (!inProposal || !inLive) {
      // Dropped on one side: dropped, unless the other side changed it meanwhile.
      const kept = inProposal ? p.get(key) : l.get(key);
      if (kept !== undefined && !sameValue(kept, b.get(key))) return null;
      continue;
    }
    const element = mergeField({ base: b.get(key), proposal: p.get(key), live: l.get(key) });
    if (element.conflict) return null;
    merged.push(element.merged);
  }
  return merged;
}
