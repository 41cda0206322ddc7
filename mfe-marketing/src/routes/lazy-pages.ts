import { lazyPage, startFirstPage } from '@tracemap/shell-core/pages';

// Every page but the home page loads on demand: pages that render markdown bring react-markdown
// and the content files, landing pages their own copy, and the first visit to / downloads none of
// it. The build that writes the static HTML swaps this file for static-pages.ts, where nothing waits.
export const AboutUsPage = lazyPage(
  () => import('../pages/about-us'),
  (m) => m.AboutUsPage,
);
export const AgencyPage = lazyPage(
  () => import('../pages/agency'),
  (m) => m.AgencyPage,
);
export const CdpPage = lazyPage(
  () => import('../pages/cdp'),
  (m) => m.CdpPage,
);
export const ContactPage = lazyPage(
  () => import('../pages/contact'),
  (m) => m.ContactPage,
);
export const DemoPage = lazyPage(
  () => import('../pages/demo'),
  (m) => m.DemoPage,
);
export const PricingPage = lazyPage(
  () => import('../pages/pricing'),
  (m) => m.PricingPage,
);
export const BlogPage = lazyPage(
  () => import('../pages/blog'),
  (m) => m.BlogPage,
);
export const BlogPostPage = lazyPage(
  () => import('../pages/blog-post'),
  (m) => m.BlogPostPage,
);
export const LearningPage = lazyPage(
  () => import('../pages/learning'),
  (m) => m.LearningPage,
);
export const LearningTrackPage = lazyPage(
  () => import('../pages/learning-track'),
  (m) => m.LearningTrackPage,
);
export const LearningArticlePage = lazyPage(
  () => import('../pages/learning-article'),
  (m) => m.LearningArticlePage,
);
export const LegalPage = lazyPage(
  () => import('../pages/legal'),
  (m) => m.LegalPage,
);
export const RoadmapPage = lazyPage(
  () => import('../pages/roadmap'),
  (m) => m.RoadmapPage,
);

/**
 * The page of the address the site was opened at starts loading with this module, so its code
 * arrives alongside the routes; the shell waits for it before hydrating the page's static HTML.
 */
export const firstPageReady = startFirstPage([
  [/^\/cdp\/?$/, CdpPage],
  [/^\/demo\/?$/, DemoPage],
  [/^\/agency\/?$/, AgencyPage],
  [/^\/contact\/?$/, ContactPage],
  [/^\/pricing\/?$/, PricingPage],
  [/^\/roadmap\/?$/, RoadmapPage],
  [/^\/about-us\/?$/, AboutUsPage],
  [/^\/blog\/?$/, BlogPage],
  [/^\/blog\/[^/]+\/?$/, BlogPostPage],
  [/^\/learning\/?$/, LearningPage],
  [/^\/learning\/(core|cdp)\/?$/, LearningTrackPage],
  [/^\/learning\/(core|cdp)\/[^/]+\/?$/, LearningArticlePage],
  [/^\/(privacy-policy|terms-of-service)\/?$/, LegalPage],
]).promise;
