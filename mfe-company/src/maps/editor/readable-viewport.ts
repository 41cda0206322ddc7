import { getViewportForBounds, type Viewport } from '@xyflow/react';
import type { MapLayout } from '@tracemap/shell-core/tracking-plan';

/** Below this zoom a node's name and events are too small to read on a laptop screen. */
export const READABLE_ZOOM = 0.75;
/** Fitting never magnifies a small map more than this. */
export const MAX_FIT_ZOOM = 1.2;
export const FIT_PADDING = 0.15;
/** Screen pixels kept between the map's edge and the canvas's when it does not fit. */
const MARGIN = 24;

export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a reader starts: a node nothing leads to (the journey's entry), the first in reading order
 * of the map's direction; a map that is all cycles starts at its first node in that order.
 */
export function startNodeOf(
  boxes: Box[],
  edges: Array<{ source: string; target: string }>,
  direction: MapLayout,
): Box | undefined {
  const reached = new Set(edges.filter((e) => e.source !== e.target).map((e) => e.target));
  const byReadingOrder = (a: Box, b: Box) => (direction === 'TB' ? a.y - b.y || a.x - b.x : a.x - b.x || a.y - b.y);
  const entries = boxes.filter((b) => !reached.has(b.id)).sort(byReadingOrder);
  return entries[0] ?? [...boxes].sort(byReadingOrder)[0];
}

/**
 * The first view of a map: the whole of it when that is readable; otherwise readable zoom around
 * the start node, shifted so the canvas is filled with map rather than empty space beside it.
 */
export function readableViewport(boxes: Box[], start: Box | undefined, width: number, height: number): Viewport {
  if (boxes.length === 0 || width <= 0 || height <= 0) return { x: 0, y: 0, zoom: 1 };
  const minX = Math.min(...boxes.map((b) => b.x));
  const minY = Math.min(...boxes.map((b) => b.y));
  const maxX = Math.max(...boxes.map((b) => b.x + b.width));
  const maxY = Math.max(...boxes.map((b) => b.y + b.height));
  const whole = getViewportForBounds(
    { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    width,
    height,
    0.01,
    MAX_FIT_ZOOM,
    FIT_PADDING,
  );
  if (whole.zoom >= READABLE_ZOOM || !start) return whole;

  const zoom = READABLE_ZOOM;
  const centreOn = (focus: number, low: number, high: number, size: number) => {
    const half = (size / 2 - MARGIN) / zoom;
    // An axis on which the map fits is centred; on the other the view stays within the map.
    if (high - low <= 2 * half) return (low + high) / 2;
    return Math.min(Math.max(focus, low + half), high - half);
  };
  const cx = centreOn(start.x + start.width / 2, minX, maxX, width);
  const cy = centreOn(start.y + start.height / 2, minY, maxY, height);
  return { x: width / 2 - cx * zoom, y: height / 2 - cy * zoom, zoom };
}
