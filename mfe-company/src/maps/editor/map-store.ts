import { applyEdgeChanges, applyNodeChanges, type EdgeChange, type NodeChange } from '@xyflow/react';
import { create } from 'zustand';
import type { MapEdgeInput } from '@tracemap/shell-core/tracking-plan';
import {
  toFlowEdges,
  toFlowNodes,
  type EventFlowEdge,
  type MapGraph,
  type ViewFlowNode,
  type ViewNodeData,
} from '../model/graph';
import { record, redo, startHistory, undo, type History } from '../model/history';

/**
 * The open map's canvas: the undoable graph (API shape) and the nodes and edges React Flow
 * draws from it. Drags and selection change only the drawn nodes; a change the user finishes
 * (drop, connect, delete, layout) is committed to the history, which is what gets saved.
 * Components read it through narrow selectors so one node's change re-renders one node.
 */
export interface MapEditorState {
  history: History<MapGraph>;
  nodes: ViewFlowNode[];
  edges: EventFlowEdge[];
  views: Record<string, ViewNodeData>;
  eventNames: Record<string, string>;
  reset: (graph: MapGraph, views: Record<string, ViewNodeData>, eventNames: Record<string, string>) => void;
  onNodesChange: (changes: NodeChange<ViewFlowNode>[]) => void;
  onEdgesChange: (changes: EdgeChange<EventFlowEdge>[]) => void;
  commit: (next: (graph: MapGraph) => MapGraph) => void;
  undo: () => void;
  redo: () => void;
  learnViews: (views: Record<string, ViewNodeData>) => void;
  learnEvents: (names: Record<string, string>) => void;
}

const FALLBACK: ViewNodeData = { name: 'Unknown view', viewType: null, events: [] };

function drawn(
  graph: MapGraph,
  views: Record<string, ViewNodeData>,
  eventNames: Record<string, string>,
  before?: Pick<MapEditorState, 'nodes' | 'edges'>,
) {
  const textOf = (edge: MapEdgeInput) => (edge.eventId ? (eventNames[edge.eventId] ?? '…') : (edge.label ?? ''));
  return {
    nodes: toFlowNodes(graph, (id) => views[id] ?? FALLBACK, before?.nodes),
    edges: toFlowEdges(graph, textOf, before?.edges),
  };
}

export const useMapEditorStore = create<MapEditorState>()((set, get) => ({
  history: startHistory<MapGraph>({ nodes: [], edges: [] }),
  nodes: [],
  edges: [],
  views: {},
  eventNames: {},
  reset: (graph, views, eventNames) =>
    set({ history: startHistory(graph), views, eventNames, ...drawn(graph, views, eventNames) }),
  // Removals come through `commit` (so they can be undone), never straight from React Flow.
  onNodesChange: (changes) =>
    set({
      nodes: applyNodeChanges(
        changes.filter((c) => c.type !== 'remove'),
        get().nodes,
      ),
    }),
  onEdgesChange: (changes) =>
    set({
      edges: applyEdgeChanges(
        changes.filter((c) => c.type !== 'remove'),
        get().edges,
      ),
    }),
  commit: (next) => {
    const state = get();
    const graph = next(state.history.present);
    if (graph === state.history.present) {
      // Nothing changed (e.g. a drop where it started): put drawn nodes back where the graph has them.
      set(drawn(graph, state.views, state.eventNames, state));
      return;
    }
    set({ history: record(state.history, graph), ...drawn(graph, state.views, state.eventNames, state) });
  },
  undo: () => {
    const state = get();
    const history = undo(state.history);
    if (history !== state.history) set({ history, ...drawn(history.present, state.views, state.eventNames, state) });
  },
  redo: () => {
    const state = get();
    const history = redo(state.history);
    if (history !== state.history) set({ history, ...drawn(history.present, state.views, state.eventNames, state) });
  },
  learnViews: (views) => {
    const state = get();
    const merged = { ...state.views, ...views };
    set({ views: merged, ...drawn(state.history.present, merged, state.eventNames, state) });
  },
  learnEvents: (names) => {
    const state = get();
    const merged = { ...state.eventNames, ...names };
    set({ eventNames: merged, ...drawn(state.history.present, state.views, merged, state) });
  },
}));

/** An id for a new edge: the API takes the editor's own uuid, so undo and save agree on it. */
export function newEdgeId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure origins; build a v4 uuid from random bytes elsewhere.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
