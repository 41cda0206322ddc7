import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marketingPreloads, prerenderedPage, servesStaticHtml, withPrerender } from '../src/plugins/prerendered';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tracemap-prerendered-'));
  const dir = path.join(root, 'mfe-marketing', 'dist', 'prerendered');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<h1>Home: $& costs $1</h1>');
  writeFileSync(
    path.join(dir, 'index.head.html'),
    '<style data-precedence="default" data-href="mk">h1{color:green}</style>',
  );
  writeFileSync(path.join(dir, 'blog.html'), '<h1>Blog</h1>');
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      pages: {
        '/': {
          file: 'index.html',
          headFile: 'index.head.html',
          title: 'Tracemap & "friends"',
          description: 'A <plan>',
        },
        '/blog': { file: 'blog.html', title: 'Blog', description: 'Posts' },
        '/evil': { file: '../../../package.json', title: 'x', description: 'x' },
        '/evil-head': { file: 'blog.html', headFile: '../../../package.json', title: 'x', description: 'x' },
      },
    }),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const SHELL =
  '<!doctype html><html><head><title>Tracemap</title></head><body><div id=root data-host=shell></div><script defer src=/main.js></script></body></html>';

test('a public path gets its markup inside the app root (to hydrate), its styles, title and description in the head', () => {
  const page = prerenderedPage(root, '/');
  expect(page).not.toBeNull();
  const html = withPrerender(SHELL, page!);
  expect(html).toContain('<div id=root data-host=shell><h1>Home: $& costs $1</h1></div>');
  expect(html).toContain(
    '<title>Tracemap &amp; &quot;friends&quot;</title><meta name="description" content="A &lt;plan&gt;"><style data-precedence="default" data-href="mk">h1{color:green}</style></head>',
  );
  expect(html).not.toContain('tm-prerender');
  expect(html).toContain('<script defer src=/main.js></script>');
});

test('the code the shell needs before hydrating can be preloaded', () => {
  expect(withPrerender(SHELL, prerenderedPage(root, '/blog')!, ['/remotes/mfe-marketing/remoteEntry.js'])).toContain(
    '<link rel="preload" as="script" href="/remotes/mfe-marketing/remoteEntry.js">',
  );
  const dist = path.join(root, 'mfe-marketing', 'dist');
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './routes', assets: { js: { sync: ['696.abc.js', '../../escape.js'] } } }],
    }),
  );
  const local = [{ name: 'mfe_marketing', entry: '/remotes/mfe-marketing/mf-manifest.json' }];
  expect(marketingPreloads(root, local)).toEqual([
    '/remotes/mfe-marketing/remoteEntry.js',
    '/remotes/mfe-marketing/696.abc.js',
  ]);
  // A remote served from elsewhere is left to the shell.
  expect(marketingPreloads(root, [{ name: 'mfe_marketing', entry: 'https://cdn.example/mf-manifest.json' }])).toEqual(
    [],
  );
  expect(marketingPreloads(path.join(root, 'nowhere'), local)).toEqual([]);
});

test('static HTML is served for plain visits and campaign tags, not for a query that changes the page', () => {
  expect(servesStaticHtml('')).toBe(true);
  expect(servesStaticHtml('?utm_source=news&utm_campaign=launch')).toBe(true);
  expect(servesStaticHtml('?tag=lint')).toBe(false);
  expect(servesStaticHtml('?prerender=0')).toBe(false);
});

test('a trailing slash finds the same page; unknown paths and files outside the folder find none', () => {
  expect(prerenderedPage(root, '/blog/')?.html).toBe('<h1>Blog</h1>');
  expect(prerenderedPage(root, '/company')).toBeNull();
  expect(prerenderedPage(root, '/evil')).toBeNull();
  expect(prerenderedPage(root, '/evil-head')).toBeNull();
  expect(prerenderedPage(root, '/constructor')).toBeNull();
  expect(prerenderedPage(path.join(root, 'nowhere'), '/')).toBeNull();
});
