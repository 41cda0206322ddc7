import type { ListItemsInput, ListItemsOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute } from '../roles';
import { foldName } from '../plan/tokens';
import type { ToolResult } from './tool-result';

interface Listable {
  id: string;
  name: string;
  status: string;
  tags?: string[];
  owners?: string[];
  category?: string;
  scope?: string;
}

/** Owners are free text ("Analytics team", an email): an owner matches on a folded part of it. */
const ownerMatches = (owners: readonly string[], wanted: string) =>
  owners.some((owner) => foldName(owner) === wanted || foldName(owner).includes(wanted));

export function listItems(ctx: ToolContext, input: ListItemsInput): ToolResult<ListItemsOutput> {
  const plan = ctx.plan.plan;
  const all: Listable[] =
    input.kind === 'event'
      ? plan.events
      : input.kind === 'attribute'
        ? plan.attributes.filter((a) => canSeeAttribute(a, ctx.role))
        : input.kind === 'view'
          ? plan.views
          : plan.maps;
  const tag = input.tag ? foldName(input.tag) : null;
  const owner = input.owner ? foldName(input.owner) : null;
  const category = input.category ? foldName(input.category) : null;
  const matching = all.filter(
    (item) =>
      (input.status ? item.status === input.status : item.status !== 'archived') &&
      (!tag || (item.tags ?? []).some((t) => foldName(t) === tag)) &&
      (!owner || ownerMatches(item.owners ?? [], owner)) &&
      (!category || foldName(item.category ?? '') === category) &&
      (!input.scope || item.scope === input.scope),
  );
  const byStatus: Record<string, number> = {};
  for (const item of matching) byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
  const offset = input.offset ?? 0;
  const page = [...matching]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(offset, offset + (input.limit ?? 50));
  const items = page.map((item) => ({
    id: item.id,
    name: item.name,
    status: item.status as ListItemsOutput['items'][number]['status'],
    tags: item.tags ?? [],
  }));
  return {
    output: { kind: input.kind, total: matching.length, items, byStatus },
    references: items.map((item) => ({ kind: input.kind, id: item.id })),
  };
}
