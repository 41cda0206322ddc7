import { READABLE_ZOOM, readableViewport, startNodeOf, type Box } from './readable-viewport';

const box = (id: string, x: number, y: number): Box => ({ id, x, y, width: 220, height: 150 });
/** The part of the canvas (in map units) a viewport shows on a screen of this size. */
const shown = (v: { x: number; y: number; zoom: number }, width: number, height: number) => ({
  left: -v.x / v.zoom,
  top: -v.y / v.zoom,
  right: (width - v.x) / v.zoom,
  bottom: (height - v.y) / v.zoom,
});

describe('the first view of a map', () => {
  test('starts at a node nothing leads to, first in reading order', () => {
    const boxes = [box('b', 400, 0), box('a', 0, 300), box('c', 800, 0)];
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
    ];
    expect(startNodeOf(boxes, edges, 'LR')?.id).toBe('a');
    expect(startNodeOf(boxes, [...edges, { source: 'c', target: 'a' }], 'TB')?.id).toBe('b');
  });

  test('a small map is shown whole', () => {
    const boxes = [box('a', 0, 0), box('b', 300, 0)];
    const view = readableViewport(boxes, boxes[0], 1000, 600);
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    const area = shown(view, 1000, 600);
    expect(area.left).toBeLessThan(0);
    expect(area.right).toBeGreaterThan(520);
  });

  test('a long journey opens readable around its start, not shrunk to fit', () => {
    const boxes = Array.from({ length: 9 }, (_, i) => box(`n${i}`, i * 380, 300));
    const view = readableViewport(boxes, boxes[0], 900, 600);
    expect(view.zoom).toBe(READABLE_ZOOM);
    const area = shown(view, 900, 600);
    // The start node is inside the canvas, and the canvas is filled with the map to its right.
    expect(area.left).toBeLessThanOrEqual(0);
    expect(area.right).toBeGreaterThanOrEqual(220);
    expect(area.left).toBeGreaterThan(-100);
    expect(area.top).toBeLessThanOrEqual(300);
    expect(area.bottom).toBeGreaterThanOrEqual(450);
  });
});
