import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, useStore, type EdgeProps } from '@xyflow/react';
import type { EventFlowEdge } from '../model/graph';
import { zoomedOut } from './zoom';

/** A transition between two views, labelled with the event that moves the user along it. */
function EventEdgeInner({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  selected,
  markerEnd,
}: EdgeProps<EventFlowEdge>) {
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  // Labels and arrowheads too small to see are not drawn: at overview zoom a big map then paints far less.
  const compact = useStore(zoomedOut);
  const text = compact ? '' : (data?.text ?? '');
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={compact ? undefined : markerEnd}
        className={selected ? 'mp-edge--selected' : undefined}
      />
      {text ? (
        <EdgeLabelRenderer>
          <div
            className={`mp-edge-label${selected ? ' mp-edge-label--selected' : ''}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid="map-edge-label"
          >
            {text}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

export const EventEdge = memo(EventEdgeInner);
