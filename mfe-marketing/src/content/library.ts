import { byOrder, newestFirst, toBlogPost, toLearningArticle } from './parse';
import type { BlogPost, LearningArticle, RawDocument, TrackId } from './types';

function load<T>(context: WebpackContext, build: (key: string, doc: RawDocument) => T): T[] {
  return context.keys().map((key) => build(key, context(key).default as RawDocument));
}

export const BLOG_POSTS: BlogPost[] = load(
  import.meta.webpackContext('../../content/blog', { regExp: /\.md$/ }),
  toBlogPost,
).sort(newestFirst);

export const TRACKS: Record<TrackId, { title: string; intro: string; articles: LearningArticle[] }> = {
  core: {
    title: 'Core concepts',
    intro: 'How a tracking plan is put together: attributes, events, views, maps, names and inheritance.',
    articles: load(import.meta.webpackContext('../../content/learning/core', { regExp: /\.md$/ }), (k, d) =>
      toLearningArticle('core', k, d),
    ).sort(byOrder),
  },
  cdp: {
    title: 'Customer data platforms',
    intro: 'Getting clean, typed data into a CDP and keeping what arrives in line with the plan.',
    articles: load(import.meta.webpackContext('../../content/learning/cdp', { regExp: /\.md$/ }), (k, d) =>
      toLearningArticle('cdp', k, d),
    ).sort(byOrder),
  },
};

export const findPost = (slug: string | undefined) => BLOG_POSTS.find((p) => p.slug === slug);
export const findArticle = (track: TrackId, slug: string | undefined) =>
  TRACKS[track].articles.find((a) => a.slug === slug);
export const allTags = (): string[] => [...new Set(BLOG_POSTS.flatMap((p) => p.tags))].sort();
