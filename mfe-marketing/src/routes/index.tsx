import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { AboutUsPage } from '../pages/about-us';
import { AgencyPage } from '../pages/agency';
import { BlogPage } from '../pages/blog';
import { BlogPostPage } from '../pages/blog-post';
import { CdpPage } from '../pages/cdp';
import { ContactPage } from '../pages/contact';
import { DemoPage } from '../pages/demo';
import { HomePage } from '../pages/home';
import { LearningPage } from '../pages/learning';
import { LearningArticlePage } from '../pages/learning-article';
import { LearningTrackPage } from '../pages/learning-track';
import { LegalPage } from '../pages/legal';
import { PricingPage } from '../pages/pricing';
import { RoadmapPage } from '../pages/roadmap';

/** Routes owned by mfe-marketing, relative to its prefix `/`. */
export default function MarketingRoutes() {
  // The static first paint the gateway served steps aside once the live page is on screen.
  useEffect(() => {
    document.getElementById('tm-prerender')?.remove();
  }, []);
  return (
    <div data-app="mfe-marketing">
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
    </div>
  );
}
