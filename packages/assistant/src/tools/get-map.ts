import type { ChatReference, GetMapInput, GetMapOutput, PlanMap, PlanView } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { findMap, findView, suggestions } from './resolve';
import { refs, type ToolResult } from './tool-result';

type Step = GetMapOutput['paths'][number][number];
/** Partial paths looked at before giving up: enough for any hand-drawn journey, bounded for a generated one. */
const EXPANSIONS_MAX = 20_000;

const notFound = (similar: GetMapOutput['suggestions'], from = null, to = null): ToolResult<GetMapOutput> => ({
  output: {
    found: false,
    map: null,
    views: [],
    edges: [],
    from,
    to,
    paths: [],
    pathCount: 0,
    suggestions: similar,
  },
  references: refs('map', similar),
});

/** The map named, or else the first live map that has both views. */
function chooseMap(ctx: ToolContext, input: GetMapInput, from: PlanView | null, to: PlanView | null): PlanMap | null {
  if (input.map) return findMap(ctx, input.map);
  const candidates = from
    ? (ctx.plan.mapsOfView.get(from.id) ?? [])
    : ctx.plan.plan.maps.filter((m) => m.status !== 'archived');
  return candidates.find((m) => !to || m.nodes.some((n) => n.viewId === to.id)) ?? null;
}

export function getMap(ctx: ToolContext, input: GetMapInput): ToolResult<GetMapOutput> {
  const from = input.from ? findView(ctx, input.from) : null;
  const to = input.to ? findView(ctx, input.to) : null;
  const map = chooseMap(ctx, input, from, to);
  if (!map) return notFound(input.map ? suggestions(ctx, input.map, 'map') : []);
  const viewRef = (id: string) => ({ id, name: ctx.plan.viewsById.get(id)?.name ?? id });
  const views = map.nodes.map((n) => viewRef(n.viewId));
  const edges = map.edges.map((e) => ({ from: e.from, to: e.to, eventId: e.eventId ?? null, label: e.label ?? '' }));
  const paths = from && to ? findPaths(ctx, map, from.id, to.id, input.maxPaths ?? 5) : [];
  const references: ChatReference[] = [{ kind: 'map', id: map.id }, ...refs('view', views)];
  for (const path of paths)
    for (const step of path) if (step.event) references.push({ kind: 'event', id: step.event.id });
  return {
    output: {
      found: true,
      map: { id: map.id, name: map.name, status: map.status },
      views,
      edges,
      from: from ? viewRef(from.id) : null,
      to: to ? viewRef(to.id) : null,
      paths,
      pathCount: paths.length,
      suggestions: [],
    },
    references,
  };
}

/** Simple paths (no view twice) from one view to another, shortest first, breadth first. */
function findPaths(ctx: ToolContext, map: PlanMap, from: string, to: string, max: number): Step[][] {
  const outgoing = new Map<string, PlanMap['edges']>();
  for (const edge of map.edges) outgoing.set(edge.from, [...(outgoing.get(edge.from) ?? []), edge]);
  const step = (viewId: string, edge: PlanMap['edges'][number] | null): Step => {
    const event = edge?.eventId ? ctx.plan.eventsById.get(edge.eventId) : undefined;
    return {
      view: { id: viewId, name: ctx.plan.viewsById.get(viewId)?.name ?? viewId },
      event: event ? { id: event.id, name: event.name } : null,
      label: edge?.label ?? '',
    };
  };
  const found: Step[][] = [];
  if (from === to) return [[step(from, null)]];
  let frontier: Array<{ at: string; path: Step[]; seen: Set<string> }> = [
    { at: from, path: [step(from, null)], seen: new Set([from]) },
  ];
  let expansions = 0;
  while (frontier.length > 0 && found.length < max && expansions < EXPANSIONS_MAX) {
    const next: typeof frontier = [];
    for (const partial of frontier) {
      for (const edge of outgoing.get(partial.at) ?? []) {
        expansions++;
        if (partial.seen.has(edge.to)) continue;
        const path = [...partial.path, step(edge.to, edge)];
        if (edge.to === to) {
          if (found.length < max) found.push(path);
          continue;
        }
        next.push({ at: edge.to, path, seen: new Set([...partial.seen, edge.to]) });
      }
    }
    frontier = next;
  }
  return found;
}
