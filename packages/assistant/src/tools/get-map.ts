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

interface Partial {
  at: string;
  edge: PlanMap['edges'][number] | null;
  parent: Partial | null;
  length: number;
  /** length + the fewest edges still needed to reach the end: the order partial paths are grown in. */
  bound: number;
}

const visits = (partial: Partial, viewId: string) => {
  for (let p: Partial | null = partial; p; p = p.parent) if (p.at === viewId) return true;
  return false;
};

/**
 * Simple paths (no view twice) from one view to another, shortest first. The
 * fewest edges from each view to the end (a backward breadth-first pass)
 * guide the search, so it never grows a path that cannot arrive, and paths
 * come out in order of length.
 */
function findPaths(ctx: ToolContext, map: PlanMap, from: string, to: string, max: number): Step[][] {
  const outgoing = new Map<string, PlanMap['edges']>();
  const incoming = new Map<string, string[]>();
  for (const edge of map.edges) {
    outgoing.set(edge.from, [...(outgoing.get(edge.from) ?? []), edge]);
    incoming.set(edge.to, [...(incoming.get(edge.to) ?? []), edge.from]);
  }
  const remaining = new Map<string, number>([[to, 0]]);
  for (let queue = [to]; queue.length > 0;) {
    const next: string[] = [];
    for (const view of queue) {
      for (const before of incoming.get(view) ?? []) {
        if (remaining.has(before)) continue;
        remaining.set(before, remaining.get(view)! + 1);
        next.push(before);
      }
    }
    queue = next;
  }
  if (!remaining.has(from)) return [];
  const step = (viewId: string, edge: PlanMap['edges'][number] | null): Step => {
    const event = edge?.eventId ? ctx.plan.eventsById.get(edge.eventId) : undefined;
    return {
      view: { id: viewId, name: ctx.plan.viewsById.get(viewId)?.name ?? viewId },
      event: event ? { id: event.id, name: event.name } : null,
      label: edge?.label ?? '',
    };
  };
  const found: Step[][] = [];
  const heap = new MinHeap<Partial>((a, b) => a.bound - b.bound);
  heap.push({ at: from, edge: null, parent: null, length: 0, bound: remaining.get(from)! });
  let expansions = 0;
  while (heap.size > 0 && found.length < max && expansions < EXPANSIONS_MAX) {
    const partial = heap.pop()!;
    if (partial.at === to) {
      const steps: Step[] = [];
      for (let p: Partial | null = partial; p; p = p.parent) steps.push(step(p.at, p.edge));
      found.push(steps.reverse());
      continue;
    }
    for (const edge of outgoing.get(partial.at) ?? []) {
      expansions++;
      const left = remaining.get(edge.to);
      if (left === undefined || visits(partial, edge.to)) continue;
      heap.push({ at: edge.to, edge, parent: partial, length: partial.length + 1, bound: partial.length + 1 + left });
    }
  }
  return found;
}

class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly before: (a: T, b: T) => number) {}
  get size() {
    return this.items.length;
  }
  push(item: T) {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (this.before(items[i], items[parent]) >= 0) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(items[l], items[m]) < 0) m = l;
        if (r < items.length && this.before(items[r], items[m]) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
}
