import type { ListItemsInput, ListItemsOutput, PlanItemKind } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import type { PreparedPlan } from '../plan/prepare-plan';
import { foldName } from '../plan/tokens';
import type { ToolResult } from './tool-result';

interface Listable {
  id: string;
  name: string;
  status: ListItemsOutput['items'][number]['status'];
  tags: string[];
  /** Folded once, so a filter over 50,000 attributes folds nothing per call. */
  foldedTags: string[];
  foldedOwners: string[];
  foldedCategory: string;
  scope: string;
  /** Attributes not exposed: never listed for viewers. */
  hidden: boolean;
}

const listables = new WeakMap<PreparedPlan, Map<PlanItemKind, Listable[]>>();

/** The items of a kind, sorted by name, with folded filter fields; built on first use per plan. */
function itemsOf(plan: PreparedPlan, kind: PlanItemKind): Listable[] {
  let byKind = listables.get(plan);
  if (!byKind) listables.set(plan, (byKind = new Map()));
  const cached = byKind.get(kind);
  if (cached) return cached;
  const source: Array<{
    id: string;
    name: string;
    status: Listable['status'];
    tags?: string[];
    owners?: string[];
    category?: string;
    scope?: string;
    exposed?: boolean;
  }> =
    kind === 'event'
      ? plan.plan.events
      : kind === 'attribute'
        ? plan.plan.attributes
        : kind === 'view'
          ? plan.plan.views
          : plan.plan.maps;
  const items = source
    .map((item) => ({
      id: item.id,
      name: item.name,
      status: item.status,
      tags: item.tags ?? [],
      foldedTags: (item.tags ?? []).map(foldName),
      foldedOwners: (item.owners ?? []).map(foldName),
      foldedCategory: foldName(item.category ?? ''),
      scope: item.scope ?? '',
      hidden: item.exposed === false,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  byKind.set(kind, items);
  return items;
}

export function listItems(ctx: ToolContext, input: ListItemsInput): ToolResult<ListItemsOutput> {
  const hideHidden = ctx.role === 'viewer';
  const tag = input.tag ? foldName(input.tag) : null;
  const owner = input.owner ? foldName(input.owner) : null;
  const category = input.category ? foldName(input.category) : null;
  const offset = input.offset ?? 0;
  const limit = input.limit ?? 50;
  const byStatus: Record<string, number> = {};
  const items: ListItemsOutput['items'] = [];
  let total = 0;
  for (const item of itemsOf(ctx.plan, input.kind)) {
    if (hideHidden && item.hidden) continue;
    if (input.status ? item.status !== input.status : item.status === 'archived') continue;
    if (tag && !item.foldedTags.includes(tag)) continue;
    // Owners are free text ("Analytics team", an email): an owner matches on a folded part of it.
    if (owner && !item.foldedOwners.some((o) => o.includes(owner))) continue;
    if (category && item.foldedCategory !== category) continue;
    if (input.scope && item.scope !== input.scope) continue;
    byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
    if (total >= offset && items.length < limit)
      items.push({ id: item.id, name: item.name, status: item.status, tags: item.tags });
    total++;
  }
  return {
    output: { kind: input.kind, total, items, byStatus },
    references: items.map((item) => ({ kind: input.kind, id: item.id })),
  };
}
