import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import markdownLoader from '../tools/markdown-loader';

/** Every content file as the build reads it: front matter parsed by the same loader. */
function load(folder: string) {
  const dir = path.join(__dirname, '..', 'content', folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((file) => {
      const source = markdownLoader(readFileSync(path.join(dir, file), 'utf8'));
      const doc = JSON.parse(source.replace(/^export default /, '').replace(/;$/, '')) as {
        attributes: Record<string, unknown>;
        body: string;
      };
      return { file, ...doc };
    });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('content files', () => {
  test.each([
    ['blog', 4],
    ['learning/core', 3],
    ['learning/cdp', 2],
  ])('%s holds at least %i substantial articles with complete front matter', (folder, least) => {
    const docs = load(folder);
    expect(docs.length).toBeGreaterThanOrEqual(least);
    for (const doc of docs) {
      expect(doc.file).toMatch(/^[a-z0-9-]+\.md$/);
      for (const field of ['title', 'date', 'author', 'summary']) expect(typeof doc.attributes[field]).toBe('string');
      expect(doc.attributes.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Array.isArray(doc.attributes.tags)).toBe(true);
      expect(words(doc.body)).toBeGreaterThan(350);
    }
  });

  test('each learning track has a distinct reading order', () => {
    for (const track of ['learning/core', 'learning/cdp']) {
      const orders = load(track).map((d) => d.attributes.order);
      expect(orders.every((o) => Number.isInteger(o))).toBe(true);
      expect(new Set(orders).size).toBe(orders.length);
    }
  });
});
