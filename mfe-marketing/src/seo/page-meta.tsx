import { useEffect } from 'react';

const SUFFIX = ' — Tracemap';

function setDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Set while pages are rendered to static HTML at build time: the page's title and description go there. */
let staticSink: ((title: string, description: string) => void) | null = null;
export function collectStaticMeta(sink: typeof staticSink) {
  staticSink = sink;
}

export const fullTitle = (title: string) => (title.includes('Tracemap') ? title : `${title}${SUFFIX}`);

/** Each public page names itself in the tab, in search results and in link previews. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  staticSink?.(fullTitle(title), description);
  useEffect(() => {
    document.title = fullTitle(title);
    setDescription(description);
  }, [title, description]);
  return null;
}
