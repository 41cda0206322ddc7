import { fillPages, prerenderedPages } from '../src/prerender/public-paths';

describe('the pages written as static HTML', () => {
  test("are the pages of the manifest's prerendered module", () => {
    const pages = prerenderedPages();
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/pricing', '/blog', '/blog/:slug', '/learning/core/:slug', '/terms-of-service']),
    );
    expect(pages).not.toContain('/login');
  });

  test('a page without parameters is written once, a page with one once per value', () => {
    const pages = ['/', '/new-page', '/blog/:slug'] as const;
    expect(fillPages(pages, { '/blog/:slug': ['first', 'second'] })).toEqual([
      '/',
      '/new-page',
      '/blog/first',
      '/blog/second',
    ]);
  });

  test('a page with two parameters is refused, since one list of values cannot fill it', () => {
    expect(() => fillPages(['/a/:x/:y'], { '/a/:x/:y': ['1'] })).toThrow('/a/:x/:y has more than one parameter');
  });
});
