import { lazy } from 'react';

// Every page but the home page loads on demand: pages that render markdown bring react-markdown
// and the content files, landing pages their own copy, and the first visit to / downloads none of
// it. The build that writes the static HTML swaps this file for static-pages.ts, where nothing waits.
export const AboutUsPage = lazy(() => import('../pages/about-us').then((m) => ({ default: m.AboutUsPage })));
export const AgencyPage = lazy(() => import('../pages/agency').then((m) => ({ default: m.AgencyPage })));
export const CdpPage = lazy(() => import('../pages/cdp').then((m) => ({ default: m.CdpPage })));
export const ContactPage = lazy(() => import('../pages/contact').then((m) => ({ default: m.ContactPage })));
export const DemoPage = lazy(() => import('../pages/demo').then((m) => ({ default: m.DemoPage })));
export const PricingPage = lazy(() => import('../pages/pricing').then((m) => ({ default: m.PricingPage })));
export const BlogPage = lazy(() => import('../pages/blog').then((m) => ({ default: m.BlogPage })));
export const BlogPostPage = lazy(() => import('../pages/blog-post').then((m) => ({ default: m.BlogPostPage })));
export const LearningPage = lazy(() => import('../pages/learning').then((m) => ({ default: m.LearningPage })));
export const LearningTrackPage = lazy(() => import('../pages/learning-track').then((m) => ({ default: m.LearningTrackPage })));
export const LearningArticlePage = lazy(() => import('../pages/learning-article').then((m) => ({ default: m.LearningArticlePage })));
export const LegalPage = lazy(() => import('../pages/legal').then((m) => ({ default: m.LegalPage })));
export const RoadmapPage = lazy(() => import('../pages/roadmap').then((m) => ({ default: m.RoadmapPage })));
