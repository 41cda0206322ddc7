import { memo, useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { MapOverlay } from '@tracemap/contracts';
import type { MapPreview } from '@tracemap/shell-core/tracking-plan';
import { coverageByView, coverageTitle } from '../observed/map-overlay';
import { edgePath, EVENTS_SHOWN, fitViewBox, layoutBoxes, zoomAt, type Box, type ViewBox } from './map-geometry';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const INACTIVE = new Set(['deprecated', 'archived']);

/**
 * The map as one static SVG at the stored positions. Wheel zooms around the
 * pointer, dragging pans, "Fit" goes back to the whole map (as does printing).
 */
export function MapPreviewCanvas({ preview, overlay = null }: { preview: MapPreview; overlay?: MapOverlay | null }) {
  const boxes = useMemo(() => layoutBoxes(preview), [preview]);
  const fitted = useMemo(() => fitViewBox(boxes.values()), [boxes]);
  const [view, setView] = useState<ViewBox>(fitted);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; box: ViewBox } | null>(null);

  useEffect(() => setView(fitted), [fitted]);
  useEffect(() => {
    const fit = () => setView(fitted);
    window.addEventListener('beforeprint', fit);
    return () => window.removeEventListener('beforeprint', fit);
  }, [fitted]);

  // Not React's onWheel: that listener is passive, and the page must not scroll while the map zooms.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = svg.getBoundingClientRect();
      const factor = Math.exp(Math.max(-1, Math.min(1, event.deltaY * 0.002)));
      setView((box) => {
        const next = zoomAt(
          box,
          factor,
          (event.clientX - rect.left) / rect.width,
          (event.clientY - rect.top) / rect.height,
        );
        const scale = next.width / fitted.width;
        return scale < 1 / 16 || scale > 8 ? box : next;
      });
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [fitted]);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<SVGSVGElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { x: event.clientX, y: event.clientY, box: view };
    },
    [view],
  );
  const onPointerMove = useCallback((event: ReactPointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    if (!start) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // With "meet" the drawing is scaled by the tighter of the two ratios.
    const unit = Math.max(start.box.width / rect.width, start.box.height / rect.height);
    setView({
      ...start.box,
      x: start.box.x - (event.clientX - start.x) * unit,
      y: start.box.y - (event.clientY - start.y) * unit,
    });
  }, []);
  const endDrag = useCallback(() => {
    drag.current = null;
  }, []);

  const zoomBy = (factor: number) => setView((box) => zoomAt(box, factor, 0.5, 0.5));

  return (
    <div className="mp-canvas">
      <div className="mp-controls" role="toolbar" aria-label="Map view">
        <button type="button" onClick={() => zoomBy(0.8)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomBy(1.25)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setView(fitted)} data-testid="map-fit">
          Fit
        </button>
      </div>
      <svg
        ref={svgRef}
        className="mp-svg"
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`Map ${preview.map.name}`}
        data-testid="map-svg"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <defs>
          <marker
            id="mp-arrow"
            viewBox="0 0 10 10"
            refX="10"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="#475569" />
          </marker>
        </defs>
        <MapDrawing preview={preview} boxes={boxes} overlay={overlay} />
      </svg>
    </div>
  );
}

/** Everything drawn; memoized so panning and zooming only change the viewBox. */
const MapDrawing = memo(function MapDrawing({
  preview,
  boxes,
  overlay,
}: {
  preview: MapPreview;
  boxes: Map<string, Box>;
  overlay: MapOverlay | null;
}) {
  const views = new Map(preview.views.map((v) => [v.id, v]));
  const coverage = coverageByView(overlay);
  const events = new Map(preview.events.map((e) => [e.id, e]));
  return (
    <g>
      {preview.map.edges.map((edge) => {
        const [from, to] = [boxes.get(edge.from), boxes.get(edge.to)];
        if (!from || !to) return null;
        const { d, labelX, labelY } = edgePath(from, to);
        const event = edge.eventId ? events.get(edge.eventId) : undefined;
        const label = [event?.name, edge.label].filter(Boolean).join(' — ');
        const inactive = event && INACTIVE.has(event.status);
        return (
          <g key={edge.id} className="mp-edge" data-testid="map-edge" data-event={event?.name ?? ''}>
            <path
              d={d}
              fill="none"
              stroke="#475569"
              strokeWidth={1.5}
              strokeDasharray={inactive ? '6 4' : undefined}
              markerEnd="url(#mp-arrow)"
            />
            {label ? (
              <text x={labelX} y={labelY - 6} textAnchor="middle" className="mp-edge-label">
                {clip(label, 48)}
                {inactive ? ` (${event.status})` : ''}
              </text>
            ) : null}
          </g>
        );
      })}
      {overlay?.transitions
        .filter((t) => !t.onMap)
        .map((t) => {
          const [from, to] = [boxes.get(t.from), boxes.get(t.to)];
          if (!from || !to) return null;
          const { d, labelX, labelY } = edgePath(from, to);
          return (
            <g key={`observed:${t.from}>${t.to}`} data-testid="map-observed-edge">
              <path
                d={d}
                fill="none"
                stroke="#7c3aed"
                strokeWidth={1.5}
                strokeDasharray="6 4"
                markerEnd="url(#mp-arrow)"
              />
              <text x={labelX} y={labelY - 6} textAnchor="middle" className="mp-edge-label">
                {t.count.toLocaleString()} observed
              </text>
            </g>
          );
        })}
      {preview.map.nodes.map((node) => {
        const box = boxes.get(node.viewId)!;
        const covered = coverage?.get(node.viewId);
        const view = views.get(node.viewId);
        const fired = (view?.events ?? []).map((id) => events.get(id)).filter((e) => e !== undefined);
        const more = fired.length - EVENTS_SHOWN;
        return (
          <g
            key={node.viewId}
            transform={`translate(${box.x} ${box.y})`}
            data-testid="map-node"
            data-view={view?.name ?? ''}
            data-coverage={covered?.level}
          >
            {covered ? <title>{coverageTitle(covered)}</title> : null}
            <rect
              width={box.width}
              height={box.height}
              rx={8}
              className={`mp-node${view && INACTIVE.has(view.status) ? ' mp-node--inactive' : ''}${covered ? ` mp-node--cov-${covered.level}` : ''}`}
            />
            <text x={12} y={22} className="mp-node-name">
              {clip(view?.name ?? 'Unknown view', 26)}
            </text>
            <text x={12} y={40} className="mp-node-meta">
              {clip([view?.type, view?.urlPattern].filter(Boolean).join(' · '), 34)}
              {view && INACTIVE.has(view.status) ? ` (${view.status})` : ''}
            </text>
            {fired.slice(0, EVENTS_SHOWN).map((event, i) => (
              <text key={event.id} x={12} y={66 + i * 18} className="mp-node-event">
                • {clip(event.name, 30)}
              </text>
            ))}
            {more > 0 ? (
              <text x={12} y={66 + EVENTS_SHOWN * 18} className="mp-node-meta">
                + {more} more
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
});
