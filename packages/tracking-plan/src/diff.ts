import type { DiffEntry, FieldChange, HistoryEntityKind, NativePlan } from '@tracemap/contracts';

/**
 * What importing `incoming` over `current` would do, matched by id: entities
 * added, entities changed (with their field-level changes), and how many are
 * unchanged. Nothing is ever reported as removed: imports do not delete.
 */
export function diffPlans(
  current: NativePlan,
  incoming: NativePlan,
): { added: DiffEntry[]; changed: DiffEntry[]; unchanged: number } {
  const added: DiffEntry[] = [];
  const changed: DiffEntry[] = [];
  let unchanged = 0;
  const collections: Array<[HistoryEntityKind, 'attributes' | 'events' | 'views' | 'maps']> = [
    ['attribute', 'attributes'],
    ['event', 'events'],
    ['view', 'views'],
    ['map', 'maps'],
  ];
  for (const [kind, collection] of collections) {
    const before = new Map<string, object>((current[collection] ?? []).map((e) => [e.id, e]));
    for (const entity of incoming[collection] ?? []) {
      const previous = before.get(entity.id);
      if (!previous) {
        added.push({ kind, name: entity.name, id: entity.id });
        continue;
      }
      const changes = fieldChanges(previous, entity);
      if (changes.length === 0) unchanged++;
      else changed.push({ kind, name: entity.name, id: entity.id, changes });
    }
  }
  return { added, changed, unchanged };
}

/** Fields every store bumps on its own; a change to them alone is no change. */
export const UNTRACKED_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'];

/**
 * The top-level fields that differ between two versions of an entity, sorted by
 * field name; nested values compare by content, object keys in any order.
 */
export function fieldChanges(
  before: object,
  after: object,
  ignore: readonly string[] = UNTRACKED_FIELDS,
): FieldChange[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => !ignore.includes(f)).sort();
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (!sameValue(a[field], b[field])) changes.push({ field, before: a[field] ?? null, after: b[field] ?? null });
  }
  return changes;
}

export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object')
    return x === undefined && y === undefined;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x)) {
    const ys = y as unknown[];
    return x.length === ys.length && x.every((item, i) => sameValue(item, ys[i]));
  }
  const xo = x as Record<string, unknown>;
  const yo = y as Record<string, unknown>;
  const keys = new Set([...Object.keys(xo), ...Object.keys(yo)]);
  for (const key of keys) if (!sameValue(xo[key], yo[key])) return false;
  return true;
}
