/** A content file as the markdown loader hands it over. */
export interface RawDocument {
  attributes: Record<string, unknown>;
  body: string;
}

export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  author: string;
  summary: string;
  tags: string[];
  body: string;
}

export type TrackId = 'core' | 'cdp';

export interface LearningArticle {
  track: TrackId;
  slug: string;
  title: string;
  date: string;
  author: string;
  summary: string;
  tags: string[];
  order: number;
  body: string;
}
