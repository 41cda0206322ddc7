import type { DiffEntry, FieldChange, MergeConflictBody } from '@tracemap/shell-core/tracking-plan';

// Pure shaping of diffs and merge conflicts for the screens (no I/O, tested without a DOM).

export type ChangeKind = 'added' | 'changed' | 'removed';
export type ItemKind = DiffEntry['kind'];

const KIND_ORDER: ItemKind[] = ['attribute', 'event', 'view', 'map'];
export const KIND_LABELS: Record<ItemKind, string> = {
  attribute: 'Attributes',
  event: 'Events',
  view: 'Views',
  map: 'Maps',
};
export const FIELD_LABELS: Record<string, string> = {
  effectiveAttributes: 'Effective attributes (with inheritance)',
};

export interface DiffGroup {
  kind: ItemKind;
  entries: { change: ChangeKind; entry: DiffEntry }[];
}

/** Entries grouped by kind (attributes, events, views, maps), each group added, then changed, then removed, by name. */
export function groupDiff(diff: { added: DiffEntry[]; changed: DiffEntry[]; removed: DiffEntry[] }): DiffGroup[] {
  const groups: DiffGroup[] = [];
  for (const kind of KIND_ORDER) {
    const entries = (['added', 'changed', 'removed'] as const).flatMap((change) =>
      diff[change]
        .filter((e) => e.kind === kind)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((entry) => ({ change, entry })),
    );
    if (entries.length > 0) groups.push({ kind, entries });
  }
  return groups;
}

export const diffCounts = (diff: { added: unknown[]; changed: unknown[]; removed: unknown[] }): string =>
  `${diff.added.length} added · ${diff.changed.length} changed · ${diff.removed.length} removed`;

/** A field's value as one short line: strings as they are, absent as "—", anything else as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

interface EffectiveRow {
  name: string;
  presence: string;
  layer: string;
}

/** Effective attributes before and after, as lines that read "name (presence, from layer)", only those that differ. */
export function effectiveChange(change: FieldChange): { before: string[]; after: string[] } | null {
  if (change.field !== 'effectiveAttributes') return null;
  const line = (r: EffectiveRow) => `${r.name} (${r.presence}, ${r.layer})`;
  const before = ((change.before as EffectiveRow[] | undefined) ?? []).map(line);
  const after = ((change.after as EffectiveRow[] | undefined) ?? []).map(line);
  return { before: before.filter((l) => !after.includes(l)), after: after.filter((l) => !before.includes(l)) };
}

/** One conflict's key, the same for the conflict and the choice made for it. */
export const conflictKey = (c: { kind: string; id: string; field: string }): string => `${c.kind}:${c.id}:${c.field}`;

export type MergeChoice = 'proposal' | 'live';

/** The resolutions body for the conflicts a choice was made for; conflicts without one are left out. */
export function resolutionsOf(
  conflicts: MergeConflictBody[],
  choices: Record<string, MergeChoice>,
): { kind: ItemKind; id: string; field: string; take: MergeChoice }[] {
  return conflicts.flatMap((c) => {
    const take = choices[conflictKey(c)];
    return take ? [{ kind: c.kind, id: c.id, field: c.field, take }] : [];
  });
}

/** How many conflicts still lack a choice. */
export const unresolvedCount = (conflicts: MergeConflictBody[], choices: Record<string, MergeChoice>): number =>
  conflicts.filter((c) => !choices[conflictKey(c)]).length;

/** The name of the item a comment is about, from the diff (the items a proposal changes), else a generic one. */
export function itemNameIn(
  diff: { added: DiffEntry[]; changed: DiffEntry[]; removed: DiffEntry[] } | null,
  item: { kind: ItemKind; id: string },
): string {
  const found =
    diff && [...diff.added, ...diff.changed, ...diff.removed].find((e) => e.kind === item.kind && e.id === item.id);
  if (found) return found.name;
  // Without the diff (it is for editors) nothing more is known of the item than its kind.
  if (diff) return `an unchanged ${item.kind}`;
  return `${/^[aeiou]/.test(item.kind) ? 'an' : 'a'} ${item.kind}`;
}
