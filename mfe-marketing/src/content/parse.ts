import type { BlogPost, LearningArticle, RawDocument, TrackId } from './types';

const text = (value: unknown, field: string, file: string): string => {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: front matter "${field}" is missing`);
  return value;
};

const tags = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];

/** `./naming-conventions.md` → `naming-conventions` */
export const slugOf = (key: string): string => key.replace(/^.*\//, '').replace(/\.md$/, '');

export function toBlogPost(key: string, doc: RawDocument): BlogPost {
  const a = doc.attributes;
  return {
    slug: slugOf(key),
    title: text(a.title, 'title', key),
    date: text(a.date, 'date', key),
    author: text(a.author, 'author', key),
    summary: text(a.summary, 'summary', key),
    tags: tags(a.tags),
    body: doc.body,
  };
}

export function toLearningArticle(track: TrackId, key: string, doc: RawDocument): LearningArticle {
  const a = doc.attributes;
  return {
    track,
    slug: slugOf(key),
    title: text(a.title, 'title', key),
    date: text(a.date, 'date', key),
    author: text(a.author, 'author', key),
    summary: text(a.summary, 'summary', key),
    tags: tags(a.tags),
    order: typeof a.order === 'number' ? a.order : Number.MAX_SAFE_INTEGER,
    body: doc.body,
  };
}

export const newestFirst = (a: BlogPost, b: BlogPost): number =>
  b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);
export const byOrder = (a: LearningArticle, b: LearningArticle): number =>
  a.order - b.order || a.slug.localeCompare(b.slug);
