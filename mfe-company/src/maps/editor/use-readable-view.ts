import { useEffect, useState } from 'react';
import { useNodesInitialized, useReactFlow, useStore, type ReactFlowInstance } from '@xyflow/react';
import type { MapLayout } from '@tracemap/shell-core/tracking-plan';
import type { EventFlowEdge, ViewFlowNode } from '../model/graph';
import { useMapDirection } from './map-direction';
import { useMapEditorStore } from './map-store';
import { readableViewport, startNodeOf } from './readable-viewport';

type Flow = ReactFlowInstance<ViewFlowNode, EventFlowEdge>;

/** Shows the map as a whole when it is readable that way, else readably from its start node. */
export function showReadably(
  flow: Flow,
  size: { width: number; height: number },
  direction: MapLayout,
): Promise<unknown> {
  const boxes = flow.getNodes().map((n) => ({
    id: n.id,
    x: n.position.x,
    y: n.position.y,
    width: n.measured?.width ?? 0,
    height: n.measured?.height ?? 0,
  }));
  const start = startNodeOf(boxes, flow.getEdges(), direction);
  return flow.setViewport(readableViewport(boxes, start, size.width, size.height));
}

/**
 * Places the first view once the nodes have their sizes and the canvas its own. True once done
 * (at once for an empty map: its first views are placed where the user looks, not fitted).
 */
export function useReadableFirstView(): boolean {
  const flow = useReactFlow<ViewFlowNode, EventFlowEdge>();
  const direction = useMapDirection();
  const initialized = useNodesInitialized();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const [ready, setReady] = useState(() => useMapEditorStore.getState().nodes.length === 0);

  useEffect(() => {
    if (ready || !initialized || width <= 0 || height <= 0) return;
    let live = true;
    void showReadably(flow, { width, height }, direction).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready, initialized, width, height, flow, direction]);

  return ready;
}
