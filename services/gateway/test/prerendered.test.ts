import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prerenderedPage, withPrerender } from '../src/plugins/prerendered';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tracemap-prerendered-'));
  const dir = path.join(root, 'mfe-marketing', 'dist', 'prerendered');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(dir, 'blog.html'), '<h1>Blog</h1>');
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      pages: {
        '/': { file: 'index.html', title: 'Tracemap & "friends"', description: 'A <plan>' },
        '/blog': { file: 'blog.html', title: 'Blog', description: 'Posts' },
        '/evil': { file: '../../../package.json', title: 'x', description: 'x' },
      },
    }),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const SHELL = '<!doctype html><html><head><title>Tracemap</title></head><body><div id=root data-host=shell></div><script defer src=/main.js></script></body></html>';

test('a public path gets its static page in front of the hidden app root, with its title and description', () => {
  const page = prerenderedPage(root, '/');
  expect(page).not.toBeNull();
  const html = withPrerender(SHELL, page!);
  expect(html).toContain('<div id="tm-prerender"><h1>Home</h1></div><div id=root data-host=shell></div>');
  expect(html).toContain('<title>Tracemap &amp; &quot;friends&quot;</title><meta name="description" content="A &lt;plan&gt;">');
  expect(html).toContain('#tm-prerender~#root{display:none}');
  expect(html).toContain('<script defer src=/main.js></script>');
});

test('a trailing slash finds the same page; unknown paths and files outside the folder find none', () => {
  expect(prerenderedPage(root, '/blog/')?.html).toBe('<h1>Blog</h1>');
  expect(prerenderedPage(root, '/company')).toBeNull();
  expect(prerenderedPage(root, '/evil')).toBeNull();
  expect(prerenderedPage(root, '/constructor')).toBeNull();
  expect(prerenderedPage(path.join(root, 'nowhere'), '/')).toBeNull();
});
