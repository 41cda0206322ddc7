import { lazy } from 'react';

// Pages that render markdown load react-markdown and the content files with them, on demand, so
// the home page and the other landing pages do not download them. The build that writes the
// static HTML swaps this file for static-pages.ts, where nothing waits.
export const BlogPage = lazy(() => import('../pages/blog').then((m) => ({ default: m.BlogPage })));
export const BlogPostPage = lazy(() => import('../pages/blog-post').then((m) => ({ default: m.BlogPostPage })));
export const LearningPage = lazy(() => import('../pages/learning').then((m) => ({ default: m.LearningPage })));
export const LearningTrackPage = lazy(() => import('../pages/learning-track').then((m) => ({ default: m.LearningTrackPage })));
export const LearningArticlePage = lazy(() => import('../pages/learning-article').then((m) => ({ default: m.LearningArticlePage })));
export const LegalPage = lazy(() => import('../pages/legal').then((m) => ({ default: m.LegalPage })));
export const RoadmapPage = lazy(() => import('../pages/roadmap').then((m) => ({ default: m.RoadmapPage })));
