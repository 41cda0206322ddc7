import { MFE_ADMIN, relativePath, relativeRoutes, relativeRoutesOf, type ManifestPage } from '../src';

describe("a remote's routes come from the manifest's page list", () => {
  test('a module mounted at its base gets each page relative to the base, the base itself as the index', () => {
    const routes = relativeRoutesOf(
      { pages: ['/x', '/x/list', '/x/:id'], base: '/x' },
      { '/x': 'home', '/x/list': 'list', '/x/:id': 'one' },
    );
    expect(routes).toEqual([
      { page: '/x', path: '', element: 'home' },
      { page: '/x/list', path: 'list', element: 'list' },
      { page: '/x/:id', path: ':id', element: 'one' },
    ]);
  });

  test('a module mounted at / gets its pages without the leading slash, and a prefix page takes what is beneath it', () => {
    const routes = relativeRoutesOf(
      { pages: ['/', '/login', '/me'], prefixes: ['/me'] },
      { '/': 0, '/login': 1, '/me': 2 },
    );
    expect(routes.map(({ path }) => path)).toEqual(['', 'login', 'me/*']);
  });

  test('routes nested under one of its pages are relative to that page, and only those beneath it are given', () => {
    const exposed = { pages: ['/x', '/x/:id', '/x/:id/users', '/x/create'], base: '/x' };
    const elements = { '/x': 'a', '/x/:id': 'b', '/x/:id/users': 'c', '/x/create': 'd' };
    expect(relativeRoutesOf(exposed, elements, '/x/:id').map(({ path }) => path)).toEqual(['', 'users']);
    expect(relativePath('/x/:id', '/x')).toBe(':id');
    expect(() => relativePath('/y', '/x')).toThrow('/y is not beneath /x');
  });

  test("a built-in remote's routes are its manifest pages", () => {
    const elements: Record<ManifestPage<'mfe_admin', './routes'>, string> = {
      '/admin': 'dashboard',
      '/admin/email': 'email',
      '/admin/roadmap': 'roadmap',
      '/admin/debug-test': 'debug',
      '/admin/create-user': 'user',
      '/admin/create-company': 'company',
    };
    expect(relativeRoutes(MFE_ADMIN, './routes', elements).map(({ path, element }) => [path, element])).toEqual([
      ['', 'dashboard'],
      ['email', 'email'],
      ['roadmap', 'roadmap'],
      ['debug-test', 'debug'],
      ['create-user', 'user'],
      ['create-company', 'company'],
    ]);
  });

  test('a page without an element, or an element for a page the manifest does not list, does not compile', () => {
    // @ts-expect-error '/admin/create-company' has no element
    const missing: Record<ManifestPage<'mfe_admin', './routes'>, string> = {
      '/admin': '',
      '/admin/email': '',
      '/admin/roadmap': '',
      '/admin/debug-test': '',
      '/admin/create-user': '',
    };
    const extra: Record<ManifestPage<'mfe_admin', './routes'>, string> = {
      '/admin': '',
      '/admin/email': '',
      '/admin/roadmap': '',
      '/admin/debug-test': '',
      '/admin/create-user': '',
      '/admin/create-company': '',
      // @ts-expect-error '/admin/unknown' is not a page of the module
      '/admin/unknown': '',
    };
    expect([missing, extra]).toHaveLength(2);
  });
});
