'use strict';
/**
 * After the build: renders every public page to static HTML (dist/prerendered/), so the gateway
 * can answer those paths with content that shows before any JavaScript has run and that the app
 * then hydrates. Each page has its markup (`<name>.html`, for the root element) and its styles
 * (`<name>.head.html`, for the head).
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
  const { html, head, title, description } = renderPage(route);
  const name = route === '/' ? 'index' : route.slice(1).replace(/\//g, '__');
  const file = `${name}.html`;
  const headFile = `${name}.head.html`;
  fs.writeFileSync(path.join(out, file), html);
  fs.writeFileSync(path.join(out, headFile), head);
  pages[route] = { file, headFile, title, description };
}
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ pages }, null, 2));
console.log(`prerendered ${Object.keys(pages).length} public pages`);
