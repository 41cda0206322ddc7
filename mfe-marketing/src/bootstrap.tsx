import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import MarketingRoutes from './routes';

/** Standalone development entry (npm run dev -w mfe-marketing); in production the shell loads ./routes. */
function Standalone() {
  return (
    <>
      <UiStyles />
      <nav className="tm-container" style={{ padding: '12px 24px', display: 'flex', gap: 16 }}>
        <strong>mfe-marketing (standalone)</strong>
        <Link to="/">Home</Link>
        <Link to="/pricing">Pricing</Link>
        <Link to="/blog">Blog</Link>
        <Link to="/learning">Learning</Link>
      </nav>
      <Routes>
        <Route path="/*" element={<MarketingRoutes />} />
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
