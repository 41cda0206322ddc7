import type { AnchorHTMLAttributes } from 'react';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { markdownSchema } from './schema';

function ExternalLink({ href, children, title }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  // Every link opens in a new tab without handing the opener to the target page.
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const COMPONENTS = { a: ExternalLink };

/** Markdown from the repository's content files, reduced to a fixed set of tags. */
export function MarkdownView({ source }: { source: string }) {
  return (
    <div className="mk-prose" data-testid="markdown">
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeSanitize, markdownSchema]]}
        components={COMPONENTS}
        skipHtml={false}
      >
        {source}
      </Markdown>
    </div>
  );
}
