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

/** Each public page names itself in the tab, in search results and in link previews. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title.endsWith('Tracemap') ? title : `${title}${SUFFIX}`;
    setDescription(description);
  }, [title, description]);
  return null;
}
