import { Route, Routes } from 'react-router';
import { NotFound } from '../not-found';
import { BlogPage } from '../pages/blog';
import { BlogPostPage } from '../pages/blog-post';
import { HomePage } from '../pages/home';
import { InfoPage } from '../pages/info';
import { LearningPage } from '../pages/learning';
import { LearningArticlePage } from '../pages/learning-article';
import { LearningTrackPage } from '../pages/learning-track';
import { LegalPage } from '../pages/legal';
import { PricingPage } from '../pages/pricing';

/** Routes owned by mfe-marketing, relative to its prefix `/`. */
export default function MarketingRoutes() {
  return (
    <div data-app="mfe-marketing">
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="cdp" element={<InfoPage page="cdp" />} />
        <Route path="demo" element={<InfoPage page="demo" />} />
        <Route path="agency" element={<InfoPage page="agency" />} />
        <Route path="contact" element={<InfoPage page="contact" />} />
        <Route path="roadmap" element={<InfoPage page="roadmap" />} />
        <Route path="about-us" element={<InfoPage page="about-us" />} />
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
