import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import { BLOG_POSTS, TRACKS } from '../content/library';
import MarketingRoutes from '../routes';
import { collectStaticMeta } from '../seo/page-meta';
import { frameCss, StaticFrame } from './static-frame';

/** Every public path that gets a static first paint. */
export function publicPaths(): string[] {
  return [
    '/',
    '/cdp',
    '/demo',
    '/agency',
    '/contact',
    '/pricing',
    '/roadmap',
    '/about-us',
    '/privacy-policy',
    '/terms-of-service',
    '/blog',
    ...BLOG_POSTS.map((p) => `/blog/${p.slug}`),
    '/learning',
    '/learning/core',
    '/learning/cdp',
    ...TRACKS.core.articles.map((a) => `/learning/core/${a.slug}`),
    ...TRACKS.cdp.articles.map((a) => `/learning/cdp/${a.slug}`),
  ];
}

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

/** The page as HTML, with its styles inline, for the gateway to put in front of the app. */
export function renderPage(path: string): RenderedPage {
  let title = 'Tracemap';
  let description = '';
  collectStaticMeta((t, d) => {
    title = t;
    description = d;
  });
  try {
    const html = renderToString(
      <StaticRouter location={path}>
        <UiStyles />
        <style>{frameCss}</style>
        <StaticFrame>
          <Routes>
            <Route path="/*" element={<MarketingRoutes />} />
          </Routes>
        </StaticFrame>
      </StaticRouter>,
    );
    return { html, title, description };
  } finally {
    collectStaticMeta(null);
  }
}
