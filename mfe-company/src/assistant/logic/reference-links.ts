import type { ChatReference, ReferenceKind } from '@tracemap/contracts';

export const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  event: 'event',
  attribute: 'attribute',
  view: 'view',
  map: 'map',
  finding: 'finding',
  query: 'query result',
};

/** The page a reference opens; a stored query has none, it opens as a table in the chat. */
export function referenceHref(companyId: string, { kind, id }: ChatReference): string | null {
  const base = `/company/${encodeURIComponent(companyId)}`;
  const item = encodeURIComponent(id);
  switch (kind) {
    case 'event':
      return `${base}/events/${item}`;
    case 'attribute':
      return `${base}/attributes/${item}`;
    case 'view':
      return `${base}/views/${item}`;
    case 'map':
      return `${base}/maps/${item}`;
    case 'finding':
      return `${base}/analytics-discovery?tab=findings&finding=${item}`;
    case 'query':
      return null;
  }
}
