import type { Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * The only HTML that content may produce. Anything else (script, iframe, style, raw HTML,
 * event-handler attributes) is dropped, whatever a markdown file contains.
 */
export const ALLOWED_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'strong',
  'em',
  'del',
  'hr',
  'br',
  'img',
] as const;

export const markdownSchema: SanitizeSchema = {
  tagNames: [...ALLOWED_TAGS],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    // Fenced code keeps its language class so it can be labelled; nothing else keeps classes.
    code: [['className', /^language-[a-z0-9-]+$/]],
    th: ['align'],
    td: ['align'],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  // Unknown elements vanish with their content when they can carry code.
  strip: ['script', 'style', 'iframe', 'object', 'embed', 'template'],
  clobberPrefix: 'md-',
  clobber: ['name', 'id'],
};
