import { useCallback, useMemo } from 'react';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  type Connection,
  type DefaultEdgeOptions,
  type EdgeTypes,
  type Node,
  type NodeTypes,
  type OnSelectionChangeParams,
  useStore,
} from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import { addEdge, moveNodes, removeFromGraph, type EventFlowEdge, type ViewFlowNode } from '../model/graph';
import { EventEdge } from './event-edge';
import { newEdgeId, useMapEditorStore } from './map-store';
import { ViewNode } from './view-node';
import { useReadableFirstView } from './use-readable-view';
import { zoomedOut } from './zoom';

// Outside any component: new objects on every render would make React Flow rebuild every node.
const nodeTypes: NodeTypes = { view: ViewNode };
const edgeTypes: EdgeTypes = { event: EventEdge };
const defaultEdgeOptions: DefaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const DELETE_KEYS = ['Delete', 'Backspace'];
const proOptions = { hideAttribution: true };
const miniMapColor = () => '#9fd8b4';

export interface Selection {
  nodeIds: string[];
  edgeIds: string[];
}

interface MapEditorCanvasProps {
  canEdit: boolean;
  onSelection: (selection: Selection) => void;
  onConnected: (edgeId: string) => void;
  /** Observed moves the map lacks, drawn dashed while "Observed" is on; never saved. */
  observedEdges?: EventFlowEdge[];
}

/**
 * The dotted grid scales with the zoom: zoomed out over a big map it becomes tens of thousands
 * of dots repainted on every frame of a pan, so it is left out there.
 */
function CanvasBackground() {
  const hidden = useStore(zoomedOut);
  return hidden ? null : <Background gap={24} />;
}

const positionsOf = (nodes: Node[]) => new Map(nodes.map((n) => [n.id, n.position]));

/** The React Flow canvas over the editor store; viewers get the same map without drag, connect or delete. */
export function MapEditorCanvas({ canEdit, onSelection, onConnected, observedEdges }: MapEditorCanvasProps) {
  const { nodes, edges, onNodesChange, onEdgesChange, commit } = useMapEditorStore(
    useShallow((s) => ({
      nodes: s.nodes,
      edges: s.edges,
      onNodesChange: s.onNodesChange,
      onEdgesChange: s.onEdgesChange,
      commit: s.commit,
    })),
  );

  const placed = useReadableFirstView();
  const shownEdges = useMemo(
    () => (observedEdges?.length ? [...edges, ...observedEdges] : edges),
    [edges, observedEdges],
  );

  const onDragStop = useCallback(
    (_: unknown, _node: unknown, dragged: Node[]) => commit((g) => moveNodes(g, positionsOf(dragged))),
    [commit],
  );
  const onSelectionDragStop = useCallback(
    (_: unknown, dragged: Node[]) => commit((g) => moveNodes(g, positionsOf(dragged))),
    [commit],
  );
  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: ViewFlowNode[]; edges: EventFlowEdge[] }) =>
      commit((g) => removeFromGraph(g, new Set(gone.map((n) => n.id)), new Set(cut.map((e) => e.id)))),
    [commit],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      const id = newEdgeId();
      commit((g) => addEdge(g, { id, from: c.source, to: c.target }));
      onConnected(id);
    },
    [commit, onConnected],
  );
  const onSelectionChange = useCallback(
    ({ nodes: n, edges: e }: OnSelectionChangeParams) =>
      onSelection({ nodeIds: n.map((x) => x.id), edgeIds: e.map((x) => x.id) }),
    [onSelection],
  );

  return (
    <ReactFlow<ViewFlowNode, EventFlowEdge>
      nodes={nodes}
      edges={shownEdges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      defaultEdgeOptions={defaultEdgeOptions}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeDragStop={canEdit ? onDragStop : undefined}
      onSelectionDragStop={canEdit ? onSelectionDragStop : undefined}
      onDelete={canEdit ? onDelete : undefined}
      onConnect={canEdit ? onConnect : undefined}
      onSelectionChange={onSelectionChange}
      nodesDraggable={canEdit}
      nodesConnectable={canEdit}
      edgesReconnectable={false}
      deleteKeyCode={canEdit ? DELETE_KEYS : null}
      // Shift-drag draws a selection box; Shift/Cmd/Ctrl-click adds to the selection.
      selectionKeyCode="Shift"
      multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
      minZoom={0.05}
      maxZoom={2}
      // The first view is placed by useReadableFirstView: a plain fit makes a long journey unreadably small.
      data-first-view={placed ? 'placed' : 'pending'}
      proOptions={proOptions}
    >
      <CanvasBackground />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable nodeColor={miniMapColor} />
    </ReactFlow>
  );
}
