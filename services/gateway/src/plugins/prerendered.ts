import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
}

interface Manifest {
  pages: Record<string, { file: string; title: string; description: string }>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The static HTML the marketing build wrote for a public path, if any. Read per request, like
 * the shell itself, so a rebuilt remote is served without restarting the gateway.
 */
export function prerenderedPage(root: string, pathname: string): PrerenderedPage | null {
  const dir = path.join(root, 'mfe-marketing', 'dist', 'prerendered');
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const entry = Object.prototype.hasOwnProperty.call(manifest.pages, normalised) ? manifest.pages[normalised] : undefined;
    if (!entry || path.basename(entry.file) !== entry.file) return null;
    return { html: readFileSync(path.join(dir, entry.file), 'utf8'), title: entry.title, description: entry.description };
  } catch {
    // A half-written build is no reason to fail the page: the app renders it anyway.
    return null;
  }
}

/**
 * Puts the page's content in front of the app's root so it shows before any script runs; the
 * app's root stays hidden until the marketing app, once mounted, removes the static copy.
 */
export function withPrerender(shellHtml: string, page: PrerenderedPage): string {
  const root = /<div id="?root"?[^>]*><\/div>/.exec(shellHtml);
  if (!root) return shellHtml;
  const head = `<title>${escapeHtml(page.title)}</title><meta name="description" content="${escapeHtml(page.description)}"><style>#tm-prerender~#root{display:none}</style>`;
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, head)
    .replace(root[0], `<div id="tm-prerender">${page.html}</div>${root[0]}`);
}
