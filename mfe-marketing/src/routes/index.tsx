import { Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { MFE_MARKETING, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { NotFound } from '../not-found';
import { HomePage } from '../pages/home';
import {
  AboutUsPage,
  AgencyPage,
  BlogPage,
  BlogPostPage,
  CdpPage,
  ContactPage,
  DemoPage,
  firstPageReady,
  LearningArticlePage,
  LearningPage,
  LearningTrackPage,
  LegalPage,
  PricingPage,
  RoadmapPage,
} from './lazy-pages';

// One element per page the micro-frontends manifest lists for this module; the paths come from there.
const PAGES: Record<ManifestPage<'mfe_marketing', './routes'>, ReactElement> = {
  '/': <HomePage />,
  '/cdp': <CdpPage />,
  '/demo': <DemoPage />,
  '/agency': <AgencyPage />,
  '/contact': <ContactPage />,
  '/pricing': <PricingPage />,
  '/roadmap': <RoadmapPage />,
  '/about-us': <AboutUsPage />,
  '/blog': <BlogPage />,
  '/blog/:slug': <BlogPostPage />,
  '/learning': <LearningPage />,
  '/learning/cdp': <LearningTrackPage track="cdp" />,
  '/learning/cdp/:slug': <LearningArticlePage track="cdp" />,
  '/learning/core': <LearningTrackPage track="core" />,
  '/learning/core/:slug': <LearningArticlePage track="core" />,
  '/privacy-policy': <LegalPage doc="privacy" />,
  '/terms-of-service': <LegalPage doc="terms" />,
};
const ROUTES = relativeRoutes(MFE_MARKETING, './routes', PAGES);

/** Routes owned by mfe-marketing, relative to `/`. */
function MarketingRoutes() {
  return (
    <div data-app="mfe-marketing">
      <Suspense fallback={null}>
        <Routes>
          {ROUTES.map(({ page, path, element }) => (
            <Route key={page} path={path} element={element} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}

// The shell waits for this before hydrating a page's static HTML, so the first render has every
// page component it needs and matches that HTML.
export default Object.assign(MarketingRoutes, { firstPageReady });
