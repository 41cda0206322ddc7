import type { MapPreview } from '@tracemap/shell-core/tracking-plan';

// Where things go on the preview's SVG: boxes at the stored positions, edges
// from border to border, and a viewBox that fits everything.

export const NODE_WIDTH = 220;
const HEADER_HEIGHT = 52;
const EVENT_LINE = 18;
/** Events listed in a box before "+ n more". */
export const EVENTS_SHOWN = 6;
const PADDING = 60;

export interface Box {
  viewId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function nodeHeight(eventCount: number): number {
  const lines = Math.min(eventCount, EVENTS_SHOWN) + (eventCount > EVENTS_SHOWN ? 1 : 0);
  return HEADER_HEIGHT + (lines > 0 ? 8 + lines * EVENT_LINE : 0);
}

export function layoutBoxes(preview: MapPreview): Map<string, Box> {
  const eventsOf = new Map(preview.views.map((v) => [v.id, v.events.length]));
  return new Map(
    preview.map.nodes.map((n) => [
      n.viewId,
      { viewId: n.viewId, x: n.x, y: n.y, width: NODE_WIDTH, height: nodeHeight(eventsOf.get(n.viewId) ?? 0) },
    ]),
  );
}

/** The smallest box holding every node, padded; a unit area around the origin for an empty map. */
export function fitViewBox(boxes: Iterable<Box>): ViewBox {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  if (minX === Infinity)
    return { x: -PADDING, y: -PADDING, width: 2 * PADDING + NODE_WIDTH, height: 2 * PADDING + HEADER_HEIGHT };
  return { x: minX - PADDING, y: minY - PADDING, width: maxX - minX + 2 * PADDING, height: maxY - minY + 2 * PADDING };
}

const center = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Where the segment from the box's centre towards (tx, ty) leaves the box. */
function exitPoint(b: Box, tx: number, ty: number) {
  const c = center(b);
  const [dx, dy] = [tx - c.x, ty - c.y];
  if (dx === 0 && dy === 0) return c;
  const scale = Math.min(
    dx !== 0 ? b.width / 2 / Math.abs(dx) : Infinity,
    dy !== 0 ? b.height / 2 / Math.abs(dy) : Infinity,
  );
  return { x: c.x + dx * scale, y: c.y + dy * scale };
}

/** An edge as a straight line between the borders of its boxes, or a loop above the box when it returns to its view. */
export function edgePath(from: Box, to: Box): { d: string; labelX: number; labelY: number } {
  if (from.viewId === to.viewId) {
    const top = from.y;
    const [x1, x2] = [from.x + from.width * 0.35, from.x + from.width * 0.65];
    return {
      d: `M ${x1} ${top} C ${x1} ${top - 60}, ${x2} ${top - 60}, ${x2} ${top}`,
      labelX: (x1 + x2) / 2,
      labelY: top - 50,
    };
  }
  const [a, b] = [center(from), center(to)];
  const start = exitPoint(from, b.x, b.y);
  const end = exitPoint(to, a.x, a.y);
  return {
    d: `M ${start.x} ${start.y} L ${end.x} ${end.y}`,
    labelX: (start.x + end.x) / 2,
    labelY: (start.y + end.y) / 2,
  };
}

/** The view box zoomed by `factor` (<1 zooms in) around a point given as fractions of the current box. */
export function zoomAt(box: ViewBox, factor: number, fx: number, fy: number): ViewBox {
  const width = box.width * factor;
  const height = box.height * factor;
  return { x: box.x + (box.width - width) * fx, y: box.y + (box.height - height) * fy, width, height };
}
