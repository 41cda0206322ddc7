// The same pages as lazy-pages.ts, imported directly: used when pages are rendered to static HTML.
export { AboutUsPage } from '../pages/about-us';
export { AgencyPage } from '../pages/agency';
export { CdpPage } from '../pages/cdp';
export { ContactPage } from '../pages/contact';
export { DemoPage } from '../pages/demo';
export { PricingPage } from '../pages/pricing';
export { BlogPage } from '../pages/blog';
export { BlogPostPage } from '../pages/blog-post';
export { LearningPage } from '../pages/learning';
export { LearningTrackPage } from '../pages/learning-track';
export { LearningArticlePage } from '../pages/learning-article';
export { LegalPage } from '../pages/legal';
export { RoadmapPage } from '../pages/roadmap';

/** Nothing to wait for: every page is here. */
export const firstPageReady: Promise<void> = Promise.resolve();
