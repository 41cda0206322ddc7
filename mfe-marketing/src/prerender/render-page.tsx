import { renderAppToString } from '@tracemap/shell/render-app';
import { BLOG_POSTS, TRACKS } from '../content/library';
import MarketingRoutes from '../routes';
import { collectStaticMeta } from '../seo/page-meta';
import { splitHoistedStyles } from './hoisted-styles';
import { fillPages, prerenderedPages } from './public-paths';

/** Every public path that gets a static first paint: the manifest's prerendered pages, each post and article. */
export function publicPaths(): string[] {
  return fillPages(prerenderedPages(), {
    '/blog/:slug': BLOG_POSTS.map((post) => post.slug),
    '/learning/cdp/:slug': TRACKS.cdp.articles.map((article) => article.slug),
    '/learning/core/:slug': TRACKS.core.articles.map((article) => article.slug),
  });
}

export interface RenderedPage {
  /** The app's markup for the root element: the browser hydrates it, so it is the shell's own first render. */
  html: string;
  /** The page's styles, for the document's head (React finds and keeps them there when it hydrates). */
  head: string;
  title: string;
  description: string;
}

/**
 * The whole page — the shell's layout around this remote's routes — as the shell renders it on a
 * visitor's first load, for the gateway to serve before any JavaScript has run.
 */
export function renderPage(path: string): RenderedPage {
  let title = 'Tracemap';
  let description = '';
  collectStaticMeta((t, d) => {
    title = t;
    description = d;
  });
  try {
    const markup = renderAppToString(path, [
      { remote: 'mfe_marketing', module: './routes', component: MarketingRoutes },
    ]);
    const { styles, body } = splitHoistedStyles(markup);
    return { html: body, head: styles, title, description };
  } finally {
    collectStaticMeta(null);
  }
}
