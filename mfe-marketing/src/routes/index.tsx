import { Suspense, useEffect } from 'react';
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
  LearningArticlePage,
  LearningPage,
  LearningTrackPage,
  LegalPage,
  PricingPage,
  RoadmapPage,
} from './lazy-pages';

/**
 * The static first paint the gateway served steps aside once the live page is on screen: this sits
 * in the same Suspense boundary as the page, so it runs only when a lazily loaded page has arrived.
 */
function RemoveStaticCopy() {
  useEffect(() => {
    document.getElementById('tm-prerender')?.remove();
  }, []);
  return null;
}

/** Routes owned by mfe-marketing, relative to its prefix `/`. */
export default function MarketingRoutes() {
  return (
    <div data-app="mfe-marketing">
      <Suspense fallback={null}>
        <RemoveStaticCopy />
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
