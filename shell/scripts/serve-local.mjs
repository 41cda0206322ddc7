#!/usr/bin/env node
// Dev-only static server with the gateway's layout, for manual checks of the built apps:
//   /                         shell/dist (SPA fallback to index.html)
//   /remotes/<folder>/...     <folder>/dist for mfe-marketing, mfe-auth, mfe-company, mfe-admin
//   /remotes.json             registry (override with REMOTES_JSON=/path/to/file.json, re-read per request)
//   /app-config.json          { authUrl, publicKey } placeholder
// Usage: node shell/scripts/serve-local.mjs [--port 8090]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const portArg = process.argv.indexOf('--port');
const port = Number(portArg > -1 ? process.argv[portArg + 1] : process.env.PORT || 8090);
const REMOTES = ['mfe-marketing', 'mfe-auth', 'mfe-company', 'mfe-admin'];
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html; charset=utf-8', '.txt': 'text/plain', '.css': 'text/css', '.svg': 'image/svg+xml' };

async function registry() {
  if (process.env.REMOTES_JSON) return readFile(process.env.REMOTES_JSON, 'utf8');
  const remotes = REMOTES.map((f) => ({ name: f.replace('-', '_'), entry: `/remotes/${f}/mf-manifest.json` }));
  return JSON.stringify({ remotes });
}

async function sendFile(res, file, fallback) {
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error('not a file');
  } catch {
    if (fallback) return sendFile(res, fallback);
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  const name = file.split('/').pop();
  const hashed = /\.[0-9a-f]{8,}\.js$/.test(name);
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] || 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'access-control-allow-origin': '*',
  });
  res.end(await readFile(file));
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://local');
  const path = decodeURIComponent(url.pathname);
  if (path === '/remotes.json') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(await registry());
  }
  if (path === '/app-config.json') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ authUrl: `http://localhost:${port}/auth/v1`, publicKey: 'local-dev-public-key' }));
  }
  const m = path.match(/^\/remotes\/([^/]+)\/(.*)$/);
  if (m) {
    const dir = process.env[`REMOTE_DIR_${m[1].replaceAll('-', '_').toUpperCase()}`] || join(root, m[1], 'dist');
    const file = normalize(join(dir, m[2]));
    if (!REMOTES.includes(m[1]) && !process.env[`REMOTE_DIR_${m[1].replaceAll('-', '_').toUpperCase()}`]) return sendFile(res, '/nonexistent');
    if (!file.startsWith(dir)) return sendFile(res, '/nonexistent');
    return sendFile(res, file);
  }
  const dist = join(root, 'shell', 'dist');
  const file = normalize(join(dist, path));
  if (!file.startsWith(dist)) return sendFile(res, '/nonexistent');
  // SPA fallback: anything without a file extension gets index.html.
  return sendFile(res, file, extname(path) ? undefined : join(dist, 'index.html'));
}).listen(port, () => console.log(`serve-local: http://localhost:${port}`));
