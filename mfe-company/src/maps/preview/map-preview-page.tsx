import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@tracemap/shell-core';
import { getMapPreview, type MapPreview } from '@tracemap/shell-core/tracking-plan';
import { ErrorPage } from '@tracemap/ui';
import { AttributeList } from './attribute-list';
import { MapPreviewCanvas } from './map-preview-canvas';
import { OBSERVED_CSS, ObservedToggle, useMapOverlay } from '../observed/map-overlay';
import { PREVIEW_STYLES } from './preview-styles';

// Only editors see the share control: it stays out of the chunk everyone else loads.
const MapShareControl = lazy(() => import('../share/share-control').then((m) => ({ default: m.MapShareControl })));

type State =
  | { status: 'loading' }
  | { status: 'ready'; preview: MapPreview }
  | { status: 'failed'; statusCode: number; message: string };

/**
 * A map on its own, read-only (shared links, embeds, printing): members open
 * it signed in, anyone else with the public link's `?token=`. A missing map or
 * a link that no longer works is the product's 404 page.
 */
export function MapPreviewPage() {
  const { mapId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>({ status: 'loading' });
  // Off by default: the overlay is asked for only when a member switches "Observed" on.
  const [observedOn, setObservedOn] = useState(false);
  const memberCompany = state.status === 'ready' ? (state.preview.member?.companyId ?? null) : null;
  const observed = useMapOverlay(memberCompany, mapId, observedOn);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMapPreview(mapId, token, controller.signal).then(
      (preview) => setState({ status: 'ready', preview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const statusCode = error instanceof ApiError ? error.statusCode : 500;
        const message = error instanceof ApiError ? error.message : 'Could not load this map. Try again later.';
        setState({ status: 'failed', statusCode, message });
      },
    );
    return () => controller.abort();
  }, [mapId, token]);

  useEffect(() => {
    if (state.status === 'ready') document.title = `${state.preview.map.name} · Tracemap`;
  }, [state]);

  if (state.status === 'failed') return <ErrorPage status={state.statusCode} message={state.message} />;
  if (state.status === 'loading') {
    return (
      <main className="mp-loading" aria-busy="true" data-testid="map-preview-loading" style={{ padding: 24 }}>
        Loading map…
      </main>
    );
  }
  const { preview } = state;
  const shared = preview.member === null;
  const overlay = observed.overlay;
  return (
    <main className="mp" data-testid="map-preview" data-shared={shared}>
      <style>{PREVIEW_STYLES + OBSERVED_CSS}</style>
      <header className="mp-head">
        <div>
          <h1 data-testid="map-preview-title">{preview.map.name}</h1>
          {preview.map.description ? <p>{preview.map.description}</p> : null}
        </div>
        <span className="mp-spacer" />
        <span className="mp-muted">
          {preview.views.length} views · {preview.map.edges.length} transitions
        </span>
        {preview.member ? (
          <a
            className="tm-btn tm-btn--ghost"
            href={`/company/${encodeURIComponent(preview.member.companyId)}/maps/${encodeURIComponent(preview.map.id)}`}
            data-testid="map-open-in-app"
          >
            Open in Tracemap
          </a>
        ) : null}
        {preview.member ? (
          <ObservedToggle on={observedOn} onChange={setObservedOn} overlay={overlay} error={observed.error} />
        ) : null}
        {preview.member?.canEdit ? (
          <Suspense fallback={null}>
            <MapShareControl companyId={preview.member.companyId} mapId={preview.map.id} canEdit />
          </Suspense>
        ) : null}
      </header>
      <MapPreviewCanvas preview={preview} overlay={overlay} />
      <AttributeList preview={preview} shared={shared} />
    </main>
  );
}
