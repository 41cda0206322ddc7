import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { MFE_COMPANY, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { NotFound } from '../not-found';
import { MapPreviewPage } from '../maps/preview/map-preview-page';

// One element per page the micro-frontends manifest lists for this module; the paths come from there.
const PAGES: Record<ManifestPage<'mfe_company', './map-preview'>, ReactElement> = {
  '/map-preview/:mapId': <MapPreviewPage />,
};
const ROUTES = relativeRoutes(MFE_COMPANY, './map-preview', PAGES);

/** Routes for `/map-preview/*`, rendered by the shell WITHOUT its layout. */
export default function MapPreviewRoutes() {
  return (
    <div data-app="mfe-company">
      <Routes>
        {ROUTES.map(({ page, path, element }) => (
          <Route key={page} path={path} element={element} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
