'use strict';
/**
 * After the build: renders every public page to static HTML (dist/prerendered/), so the gateway
 * can answer those paths with content that shows before any JavaScript has run.
 */
const fs = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
const { renderPage, publicPaths } = require(path.join(__dirname, '..', 'dist-ssr', 'render-page.js'));
const out = path.join(dist, 'prerendered');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const pages = {};
for (const route of publicPaths()) {
  const rendered = renderPage(route);
  // Plain style tags: React would otherwise adopt them as its own and place the app's later styles
  // beside them, inside the static copy that is removed when the app takes over.
  const html = rendered.html.replace(/<style [^>]*data-precedence[^>]*>/g, '<style>');
  const { title, description } = rendered;
  const file = `${route === '/' ? 'index' : route.slice(1).replace(/\//g, '__')}.html`;
  fs.writeFileSync(path.join(out, file), html);
  pages[route] = { file, title, description };
}
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ pages }, null, 2));
console.log(`prerendered ${Object.keys(pages).length} public pages`);
