import type { Edge, Node } from '@xyflow/react';
import type { MapDetail, MapEdgeInput, MapNode } from '@tracemap/shell-core/tracking-plan';

// The map as the API holds it (nodes by view id, edges by view ids) and as React Flow draws
// it. The editor's undo history keeps the API shape: small, and what a save sends.

export interface MapGraph {
  nodes: MapNode[];
  edges: MapEdgeInput[];
}

/** What a view node draws; built once per view so memoized nodes skip re-rendering. */
export interface ViewNodeData extends Record<string, unknown> {
  name: string;
  viewType: string | null;
  /** Names of the events that fire on the view. */
  events: string[];
}
export type ViewFlowNode = Node<ViewNodeData, 'view'>;

export interface EventEdgeData extends Record<string, unknown> {
  eventId: string | null;
  /** The event's name, or the edge's own label when it has no event. */
  text: string;
}
export type EventFlowEdge = Edge<EventEdgeData, 'event'>;

export const graphOf = (map: Pick<MapDetail, 'nodes' | 'edges'>): MapGraph => ({
  nodes: map.nodes.map(({ viewId, x, y }) => ({ viewId, x, y })),
  edges: map.edges.map(({ id, from, to, eventId, label }) => ({
    id,
    from,
    to,
    eventId: eventId ?? null,
    ...(label ? { label } : {}),
  })),
});

/** Positions are whole canvas units: sub-pixel drags would otherwise make every save look like a change. */
const whole = (n: number) => Math.round(n);

/**
 * React Flow nodes for a graph, reusing the previous node objects where nothing changed so
 * React Flow and the memoized node components do no work for them.
 */
export function toFlowNodes(
  graph: MapGraph,
  dataOf: (viewId: string) => ViewNodeData,
  previous: readonly ViewFlowNode[] = [],
): ViewFlowNode[] {
  const before = new Map(previous.map((n) => [n.id, n]));
  return graph.nodes.map(({ viewId, x, y }) => {
    const old = before.get(viewId);
    const data = dataOf(viewId);
    if (old && old.position.x === x && old.position.y === y && old.data === data) return old;
    return { ...(old ?? {}), id: viewId, type: 'view', position: { x, y }, data };
  });
}

export function toFlowEdges(
  graph: MapGraph,
  textOf: (edge: MapEdgeInput) => string,
  previous: readonly EventFlowEdge[] = [],
): EventFlowEdge[] {
  const before = new Map(previous.map((e) => [e.id, e]));
  return graph.edges.map((edge) => {
    const id = edge.id as string;
    const text = textOf(edge);
    const eventId = edge.eventId ?? null;
    const old = before.get(id);
    if (
      old &&
      old.source === edge.from &&
      old.target === edge.to &&
      old.data?.eventId === eventId &&
      old.data?.text === text
    )
      return old;
    return { ...(old ?? {}), id, type: 'event', source: edge.from, target: edge.to, data: { eventId, text } };
  });
}

/** True when two graphs would save the same (same nodes at the same places, same edges). */
export function sameGraph(a: MapGraph, b: MapGraph): boolean {
  if (a === b) return true;
  if (a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  const nodesSame = a.nodes.every(
    (n, i) => n.viewId === b.nodes[i].viewId && n.x === b.nodes[i].x && n.y === b.nodes[i].y,
  );
  const edgesSame = a.edges.every((e, i) => {
    const o = b.edges[i];
    return (
      e.id === o.id &&
      e.from === o.from &&
      e.to === o.to &&
      (e.eventId ?? null) === (o.eventId ?? null) &&
      (e.label ?? '') === (o.label ?? '')
    );
  });
  return nodesSame && edgesSame;
}

/** Removes nodes (by view id) and every edge touching them, plus edges by id. */
export function removeFromGraph(graph: MapGraph, viewIds: ReadonlySet<string>, edgeIds: ReadonlySet<string>): MapGraph {
  if (viewIds.size === 0 && edgeIds.size === 0) return graph;
  return {
    nodes: graph.nodes.filter((n) => !viewIds.has(n.viewId)),
    edges: graph.edges.filter((e) => !edgeIds.has(e.id as string) && !viewIds.has(e.from) && !viewIds.has(e.to)),
  };
}

/** Adds a view at a place, unless the map already shows it (a map places each view once). */
export function addNode(graph: MapGraph, viewId: string, x: number, y: number): MapGraph {
  if (graph.nodes.some((n) => n.viewId === viewId)) return graph;
  return { ...graph, nodes: [...graph.nodes, { viewId, x: whole(x), y: whole(y) }] };
}

/** Connects two views; a second edge between the same two views through no event is refused as a duplicate. */
export function addEdge(
  graph: MapGraph,
  edge: Required<Pick<MapEdgeInput, 'id' | 'from' | 'to'>> & { eventId?: string | null },
): MapGraph {
  if (edge.from === edge.to) return graph;
  const duplicate = graph.edges.some(
    (e) => e.from === edge.from && e.to === edge.to && (e.eventId ?? null) === (edge.eventId ?? null),
  );
  if (duplicate) return graph;
  return {
    ...graph,
    edges: [...graph.edges, { id: edge.id, from: edge.from, to: edge.to, eventId: edge.eventId ?? null }],
  };
}

export function setEdgeEvent(graph: MapGraph, edgeId: string, eventId: string | null): MapGraph {
  return { ...graph, edges: graph.edges.map((e) => (e.id === edgeId ? { ...e, eventId } : e)) };
}

/** Moves nodes to new places (after a drag or a layout); unknown ids are ignored. */
export function moveNodes(graph: MapGraph, positions: ReadonlyMap<string, { x: number; y: number }>): MapGraph {
  let moved = false;
  const nodes = graph.nodes.map((n) => {
    const p = positions.get(n.viewId);
    if (!p) return n;
    const x = whole(p.x);
    const y = whole(p.y);
    if (x === n.x && y === n.y) return n;
    moved = true;
    return { ...n, x, y };
  });
  return moved ? { ...graph, nodes } : graph;
}
