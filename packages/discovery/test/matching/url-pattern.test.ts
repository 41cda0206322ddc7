import { compileUrlPattern, matchesUrlPattern } from '../../src/matching';

describe('URL patterns', () => {
  const matches = (pattern: string, path: string) => matchesUrlPattern(compileUrlPattern(pattern)!, path);

  it('reads :params as one segment and a final * as the rest of the path', () => {
    expect(matches('/p/:slug', '/p/red-shoe')).toBe(true);
    expect(matches('/p/:slug', '/p')).toBe(false);
    expect(matches('/docs/*', '/docs/a/b/c')).toBe(true);
    expect(matches('/docs/*', '/docs')).toBe(true);
    expect(matches('https://shop.test/cart/', '/cart')).toBe(true);
  });

  it('refuses patterns that are not paths', () => {
    expect(compileUrlPattern('')).toBeNull();
    expect(compileUrlPattern('checkout')).toBeNull();
  });

  it('takes time linear in the path, whatever the pattern', () => {
    const pattern = compileUrlPattern('/' + Array.from({ length: 200 }, () => ':a').join('/'))!;
    const path = '/' + Array.from({ length: 100_000 }, () => 'a').join('/');
    const start = Date.now();
    expect(matchesUrlPattern(pattern, path)).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });
});
