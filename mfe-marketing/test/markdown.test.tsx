import { renderToStaticMarkup } from 'react-dom/server';
import { MarkdownView } from '../src/markdown';

const HOSTILE = `
# Heading

A paragraph with [a link](https://example.com/docs) and **bold** text.

<script>window.pwned = true</script>

<iframe src="https://evil.example/frame"></iframe>

<img src="x" onerror="window.pwned = true">

<div onclick="steal()">inline html block</div>

[click me](javascript:alert(1))

| event | kind |
| --- | --- |
| order_completed | track |

\`\`\`json
{ "event": "order_completed" }
\`\`\`
`;

describe('markdown rendering', () => {
  const html = renderToStaticMarkup(<MarkdownView source={HOSTILE} />);

  test('drops scripts, frames and event-handler attributes', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/onclick/i);
    expect(html).not.toMatch(/<div[^>]*onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain('pwned');
  });

  test('keeps the allowed structure: headings, tables, code, emphasis', () => {
    expect(html).toContain('<h1>Heading</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<table>[\s\S]*<th>event<\/th>[\s\S]*<td>order_completed<\/td>/);
    expect(html).toMatch(/<pre><code class="language-json">/);
  });

  test('links open in a new tab without the opener', () => {
    expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">a link</a>');
  });

  test('only allowed tags come out', () => {
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]));
    const allowed = new Set([
      'div',
      'p',
      'h1',
      'a',
      'strong',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'pre',
      'code',
    ]);
    for (const tag of tags) expect(allowed.has(tag)).toBe(true);
  });
});
