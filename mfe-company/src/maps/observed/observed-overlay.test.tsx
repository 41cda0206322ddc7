import { renderToStaticMarkup } from 'react-dom/server';
import type { MapOverlay } from '@tracemap/contracts';
import type { MapPreview } from '@tracemap/shell-core/tracking-plan';
import { MapPreviewCanvas } from '../preview/map-preview-canvas';
import { OBSERVED_CSS } from './map-overlay';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const view = (n: number, name: string) => ({
  id: id(n),
  name,
  type: 'page' as const,
  urlPattern: `/${name}`,
  status: 'live' as const,
  events: [],
});
const preview: MapPreview = {
  map: {
    id: id(1),
    name: 'Journey',
    description: '',
    layout: 'LR',
    status: 'live',
    nodes: [
      { viewId: id(10), x: 0, y: 0 },
      { viewId: id(11), x: 300, y: 0 },
      { viewId: id(12), x: 600, y: 0 },
    ],
    edges: [{ id: id(20), from: id(10), to: id(11) }],
  },
  views: [view(10, 'home'), view(11, 'cart'), view(12, 'checkout')],
  events: [],
  attributes: [],
  member: { companyId: id(2), canEdit: false },
};

const overlay: MapOverlay = {
  mapId: id(1),
  planVersion: 'v1',
  views: [
    { viewId: id(10), plannedEvents: 2, observedEvents: 2, coverage: 1, level: 'full', visits: 9 },
    { viewId: id(11), plannedEvents: 2, observedEvents: 1, coverage: 0.5, level: 'partial', visits: 4 },
    { viewId: id(12), plannedEvents: 1, observedEvents: 0, coverage: 0, level: 'none', visits: 0 },
  ],
  transitions: [
    { from: id(10), to: id(11), count: 5, onMap: true },
    { from: id(10), to: id(12), count: 3, onMap: false },
  ],
};

describe('the observed overlay on the map preview', () => {
  it('is not drawn until there is an overlay', () => {
    const html = renderToStaticMarkup(<MapPreviewCanvas preview={preview} />);
    expect(html).not.toContain('data-coverage');
    expect(html).not.toContain('map-observed-edge');
  });

  it('colours each view by coverage and draws only the observed moves the map lacks, dashed', () => {
    const html = renderToStaticMarkup(<MapPreviewCanvas preview={preview} overlay={overlay} />);
    expect(html).toContain('data-view="home" data-coverage="full"');
    expect(html).toContain('data-view="cart" data-coverage="partial"');
    expect(html).toContain('data-view="checkout" data-coverage="none"');
    expect(html).toContain('mp-node--cov-partial');
    expect(html).toContain('1 of 2 events seen, 4 visits');
    expect(html.match(/data-testid="map-observed-edge"/g)).toHaveLength(1);
    expect(html).toContain('3 observed');
    expect(html).toContain('stroke-dasharray="6 4"');
    expect(OBSERVED_CSS).toContain('.mp-node.mp-node--cov-none');
  });
});
