import { isProtectedPath, protectedPrefixesOf } from '../src';

describe('the paths that need a signed-in user', () => {
  test.each(['/account', '/account/x', '/company', '/company/x/users', '/admin', '/admin/email'])(
    '%s is protected',
    (p) => {
      expect(isProtectedPath(p)).toBe(true);
    },
  );
  test.each(['/', '/login', '/pricing', '/companyx', '/accounting', '/administrator', '/map-preview/1'])(
    '%s is public',
    (p) => {
      expect(isProtectedPath(p)).toBe(false);
    },
  );
  test('are where the manifest mounts a module with an access rule, and nowhere else', () => {
    const apps = [
      { exposes: [{ module: './routes', file: '', label: 'Open', pages: ['/', '/about'] }] },
      {
        exposes: [
          {
            module: './routes',
            file: '',
            label: 'Team',
            pages: ['/team'],
            base: '/team',
            access: 'signed-in' as const,
          },
        ],
      },
      {
        exposes: [
          { module: './routes', file: '', label: 'Ops', pages: ['/ops'], base: '/ops', access: 'admin' as const },
        ],
      },
      {
        exposes: [
          {
            module: './me',
            file: '',
            label: 'Me',
            pages: ['/me', '/me/keys'],
            prefixes: ['/me'],
            access: 'signed-in' as const,
          },
        ],
      },
    ];
    expect(protectedPrefixesOf(apps)).toEqual(['/team', '/ops', '/me']);
  });
});
