import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { MapPreviewPage } from '../maps/preview/map-preview-page';

/** Routes for `/map-preview/*`, rendered by the shell WITHOUT its layout. */
export default function MapPreviewRoutes() {
  return (
    <div data-app="mfe-company">
      <Routes>
        <Route path=":mapId" element={<MapPreviewPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
