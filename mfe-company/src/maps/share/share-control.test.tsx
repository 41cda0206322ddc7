import { renderToStaticMarkup } from 'react-dom/server';
import { MapShareControl } from './share-control';

const mapId = '00000000-0000-4000-8000-000000000001';

describe('MapShareControl', () => {
  it('gives viewers only the preview link', () => {
    const html = renderToStaticMarkup(<MapShareControl companyId="c1" mapId={mapId} canEdit={false} />);
    expect(html).toContain(`href="/map-preview/${mapId}"`);
    expect(html).toContain('Open preview');
    expect(html).not.toContain('data-testid="map-share-button"');
  });

  it('gives editors the Share button, its panel closed until opened', () => {
    const html = renderToStaticMarkup(<MapShareControl companyId="c1" mapId={mapId} canEdit />);
    expect(html).toContain('data-testid="map-share-button"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('data-testid="map-share-panel"');
  });
});
