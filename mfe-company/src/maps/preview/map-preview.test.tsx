import { renderToStaticMarkup } from 'react-dom/server';
import type { MapPreview } from '@tracemap/shell-core/tracking-plan';
import { AttributeList } from './attribute-list';
import { MapPreviewCanvas } from './map-preview-canvas';
import { edgePath, fitViewBox, layoutBoxes, nodeHeight, NODE_WIDTH, zoomAt } from './map-geometry';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const preview: MapPreview = {
  map: {
    id: id(1),
    name: 'Shopping journey',
    description: '',
    layout: 'LR',
    status: 'live',
    nodes: [
      { viewId: id(10), x: -100, y: 50 },
      { viewId: id(11), x: 400, y: 250 },
    ],
    edges: [
      { id: id(20), from: id(10), to: id(11), eventId: id(30), label: 'buys' },
      { id: id(21), from: id(11), to: id(11) },
    ],
  },
  views: [
    { id: id(10), name: 'Home', type: 'page', urlPattern: '/', status: 'live', events: [] },
    {
      id: id(11),
      name: 'Old Cart',
      type: 'page',
      urlPattern: '/cart',
      status: 'deprecated',
      events: Array.from({ length: 8 }, (_, i) => id(40 + i)),
    },
  ],
  events: [
    { id: id(30), name: 'Product Added', description: '', kind: 'track', status: 'live' },
    ...Array.from({ length: 8 }, (_, i) => ({
      id: id(40 + i),
      name: `Event ${i}`,
      description: '',
      kind: 'track' as const,
      status: 'live' as const,
    })),
  ],
  attributes: [
    {
      id: id(50),
      name: 'page_category',
      description: 'Area',
      scope: 'view',
      type: 'string',
      status: 'live',
      exposed: true,
      mapPresence: 'optional',
    },
  ],
  member: null,
};

describe('map geometry', () => {
  it('sizes boxes by their events (at most six listed, then "+ n more") and fits the view box around them with padding', () => {
    expect(nodeHeight(0)).toBe(52);
    expect(nodeHeight(8)).toBe(nodeHeight(20));
    const boxes = layoutBoxes(preview);
    const fitted = fitViewBox(boxes.values());
    expect(fitted.x).toBe(-160);
    expect(fitted.y).toBe(-10);
    expect(fitted.width).toBe(400 + NODE_WIDTH + 100 + 120);
    expect(fitted.y + fitted.height).toBe(250 + nodeHeight(8) + 60);
    expect(fitViewBox([]).width).toBeGreaterThan(0);
  });

  it('draws an edge from border to border, and a loop above a box that leads back to its own view', () => {
    const boxes = layoutBoxes(preview);
    const straight = edgePath(boxes.get(id(10))!, boxes.get(id(11))!);
    const [, x1, y1] = /^M (\S+) (\S+)/.exec(straight.d)!.map(Number);
    // The target lies further down than across, so the line leaves through the bottom border, within the box.
    expect(y1).toBeCloseTo(50 + nodeHeight(0), 5);
    expect(x1).toBeGreaterThan(-100);
    expect(x1).toBeLessThan(-100 + NODE_WIDTH);
    expect(edgePath(boxes.get(id(11))!, boxes.get(id(11))!).d).toMatch(/^M .* C /);
  });

  it('zooms around a point: that point stays where it was', () => {
    const box = { x: 0, y: 0, width: 100, height: 50 };
    const zoomed = zoomAt(box, 0.5, 0.25, 0.5);
    expect(zoomed).toEqual({ x: 12.5, y: 12.5, width: 50, height: 25 });
  });
});

describe('MapPreviewCanvas and AttributeList', () => {
  it('renders each view with its type, path and events, edges with the event name and label, retired items marked', () => {
    const html = renderToStaticMarkup(<MapPreviewCanvas preview={preview} />);
    expect(html.match(/data-testid="map-node"/g)).toHaveLength(2);
    expect(html).toContain('data-view="Old Cart"');
    expect(html).toContain('page · /cart');
    expect(html).toContain('(deprecated)');
    expect(html).toContain('+ 2 more');
    expect(html).toContain('Product Added — buys');
    expect(html).toMatch(/viewBox="-160 -10 /);
  });

  it('lists attributes, and says so when a public link shows exposed ones only', () => {
    const html = renderToStaticMarkup(<AttributeList preview={preview} shared />);
    expect(html).toContain('data-name="page_category"');
    expect(html).toContain('exposed attributes only');
    expect(html).toContain('map (optional)');
  });
});
