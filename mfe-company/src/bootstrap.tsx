import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import MapPreviewRoutes from './map-preview-routes';
import CompanyRoutes from './routes';

/** Standalone development entry (npm run dev -w mfe-company); in production the shell loads ./routes. */
function Standalone() {
  return (
    <>
      <UiStyles />
      <Routes>
        <Route path="/map-preview/*" element={<MapPreviewRoutes />} />
        <Route
          path="/company/*"
          element={
            <>
              <nav className="tm-container" style={{ padding: '12px 24px', display: 'flex', gap: 16 }}>
                <strong>mfe-company (standalone)</strong>
                <Link to="/company">Companies</Link>
                <Link to="/company/demo-co">Demo company</Link>
                <Link to="/map-preview/demo-map">Map preview</Link>
              </nav>
              <CompanyRoutes />
            </>
          }
        />
        <Route path="*" element={<Navigate to="/company" replace />} />
      </Routes>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>
  </StrictMode>,
);
