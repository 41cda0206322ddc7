import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MICRO_FRONTENDS, type MicroFrontend } from '@tracemap/contracts';
import type { RemoteEntry } from '../remotes-registry';

export interface PrerenderedPage {
  /** The app's markup for the root element, which the shell hydrates. */
  html: string;
  /** The page's style tags, for the head. */
  head: string;
  title: string;
  description: string;
}

interface ManifestEntry {
  file: string;
  headFile?: string;
  title: string;
  description: string;
}

interface Manifest {
  pages: Record<string, ManifestEntry>;
}

/** The part of a remote's mf-manifest.json that names the code of its exposed routes. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/** The remote whose build writes static HTML for its pages (the public site). */
const MARKETING: MicroFrontend | undefined = MICRO_FRONTENDS.find((app: MicroFrontend) =>
  app.exposes.some((exposed) => exposed.prerendered),
);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const isOwnFile = (file: string | undefined): file is string =>
  typeof file === 'string' && path.basename(file) === file;

/**
 * The static HTML the marketing build wrote for a public path, if any. Read per request, like
 * the shell itself, so a rebuilt remote is served without restarting the gateway.
 */
export function prerenderedPage(root: string, pathname: string): PrerenderedPage | null {
  if (!MARKETING) return null;
  const dir = path.join(root, MARKETING.folder, 'dist', 'prerendered');
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const entry = Object.prototype.hasOwnProperty.call(manifest.pages, normalised)
      ? manifest.pages[normalised]
      : undefined;
    if (!entry || !isOwnFile(entry.file) || (entry.headFile !== undefined && !isOwnFile(entry.headFile))) return null;
    return {
      html: readFileSync(path.join(dir, entry.file), 'utf8'),
      head: entry.headFile ? readFileSync(path.join(dir, entry.headFile), 'utf8') : '',
      title: entry.title,
      description: entry.description,
    };
  } catch {
    // A half-written build is no reason to fail the page: the app renders it anyway.
    return null;
  }
}

/**
 * Static HTML describes the page without its query, so a query that changes what a page shows
 * (the blog's tag filter) gets the app alone; campaign tags (`utm_*`) change nothing on screen.
 */
export function servesStaticHtml(search: string): boolean {
  const params = new URLSearchParams(search);
  if (params.get('prerender') === '0') return false;
  return [...params.keys()].every((key) => key.startsWith('utm_'));
}

/**
 * The marketing remote's entry and the code of its routes, when the gateway serves that remote
 * itself: the shell needs them before it can hydrate a public page, so the browser may fetch
 * them while it is still reading the shell's own code.
 */
export function marketingPreloads(root: string, remotes: RemoteEntry[]): string[] {
  if (!MARKETING) return [];
  const base = `/remotes/${MARKETING.folder}/`;
  if (remotes.find((r) => r.name === MARKETING.name)?.entry !== `${base}mf-manifest.json`) return [];
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(root, MARKETING.folder, 'dist', 'mf-manifest.json'), 'utf8'),
    ) as RemoteManifest;
    const remoteEntry = manifest.metaData?.remoteEntry;
    const routes = manifest.exposes?.find((e) => e.path === './routes')?.assets?.js?.sync ?? [];
    const files = [remoteEntry?.name ? `${remoteEntry.path ?? ''}${remoteEntry.name}` : null, ...routes];
    return files
      .filter((file): file is string => typeof file === 'string' && /^[\w./-]+\.js$/.test(file) && !file.includes('..'))
      .map((file) => `${base}${file}`);
  } catch {
    return [];
  }
}

/**
 * Puts the page's markup inside the app's root, where the shell hydrates it (React keeps the
 * elements on screen and attaches to them), and its styles, title and description in the head.
 */
export function withPrerender(shellHtml: string, page: PrerenderedPage, preloads: string[] = []): string {
  const root = /(<div id="?root"?[^>]*>)(<\/div>)/.exec(shellHtml);
  if (!root) return shellHtml;
  const links = preloads.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`).join('');
  const head = `<title>${escapeHtml(page.title)}</title><meta name="description" content="${escapeHtml(page.description)}">${links}${page.head}`;
  // Replacer functions: the page's text may contain `$&` and the like, which a replacement string would expand.
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace(root[0], () => `${root[1]}${page.html}${root[2]}`);
}
