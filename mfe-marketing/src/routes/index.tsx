import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
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

/** Routes owned by mfe-marketing, relative to its prefix `/`. */
function MarketingRoutes() {
  return (
    <div data-app="mfe-marketing">
      <Suspense fallback={null}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="cdp" element={<CdpPage />} />
          <Route path="demo" element={<DemoPage />} />
          <Route path="agency" element={<AgencyPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="roadmap" element={<RoadmapPage />} />
          <Route path="about-us" element={<AboutUsPage />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="blog" element={<BlogPage />} />
          <Route path="blog/:slug" element={<BlogPostPage />} />
          <Route path="learning" element={<LearningPage />} />
          <Route path="learning/cdp" element={<LearningTrackPage track="cdp" />} />
          <Route path="learning/cdp/:slug" element={<LearningArticlePage track="cdp" />} />
          <Route path="learning/core" element={<LearningTrackPage track="core" />} />
          <Route path="learning/core/:slug" element={<LearningArticlePage track="core" />} />
          <Route path="privacy-policy" element={<LegalPage doc="privacy" />} />
          <Route path="terms-of-service" element={<LegalPage doc="terms" />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </div>
  );
}

// The shell waits for this before hydrating a page's static HTML, so the first render has every
// page component it needs and matches that HTML.
export default Object.assign(MarketingRoutes, { firstPageReady });
