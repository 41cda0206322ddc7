import { memo, useContext } from 'react';
import { Handle, Position, useStore, type NodeProps } from '@xyflow/react';
import type { ViewFlowNode } from '../model/graph';
import { coverageTitle, ObservedCoverage } from '../observed/map-overlay';
import { useMapDirection } from './map-direction';
import { zoomedOut } from './zoom';

/** Events listed on a node before the rest are summed up as "+n more". */
const EVENTS_SHOWN = 4;

function ViewNodeInner({ id, data, selected }: NodeProps<ViewFlowNode>) {
  const compact = useStore(zoomedOut);
  const vertical = useMapDirection() === 'TB';
  const extra = data.events.length - EVENTS_SHOWN;
  // While "Observed" is on: the node is coloured by how many of its events were seen.
  const coverage = useContext(ObservedCoverage)?.get(id);
  return (
    <div
      className={`mp-node${selected ? ' mp-node--selected' : ''}${coverage ? ` mp-node--cov-${coverage.level}` : ''}`}
      data-testid="map-node"
      data-name={data.name}
      data-coverage={coverage?.level}
      title={coverage ? coverageTitle(coverage) : undefined}
    >
      <Handle
        type="target"
        position={vertical ? Position.Top : Position.Left}
        className={compact ? 'mp-handle-quiet' : undefined}
      />
      <div className="mp-node-name">{data.name}</div>
      {compact ? null : (
        <>
          {data.viewType ? <div className="mp-node-type">{data.viewType}</div> : null}
          {data.events.length > 0 ? (
            <ul className="mp-node-events" aria-label="Events on this view">
              {data.events.slice(0, EVENTS_SHOWN).map((name, i) => (
                <li key={`${name}-${i}`}>{name}</li>
              ))}
              {extra > 0 ? <li className="mp-more">+{extra} more</li> : null}
            </ul>
          ) : null}
        </>
      )}
      <Handle
        type="source"
        position={vertical ? Position.Bottom : Position.Right}
        className={compact ? 'mp-handle-quiet' : undefined}
      />
    </div>
  );
}

export const ViewNode = memo(ViewNodeInner);
