import { useParams } from 'react-router';

/** A map shown on its own (embeds, shared links), without the standard layout. */
export function MapPreviewPage() {
  const { mapId } = useParams();
  return (
    <main data-testid="map-preview" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f8fafc' }}>
      <div style={{ textAlign: 'center' }}>
        <h1 style={{ margin: 0 }}>Map preview</h1>
        <p>Map {mapId}</p>
        <p className="tm-note">Map rendering arrives with the data-model release.</p>
      </div>
    </main>
  );
}
