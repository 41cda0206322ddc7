import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
type HeaderTarget = { setHeader(name: string, value: string): unknown };
import {
  AppConfigSchema,
  BuildsLatestSchema,
  matchPageRoute,
  MESSAGES,
  RemotesRegistrySchema,
} from '@tracemap/contracts';
import { REMOTE_APPS, isRegistryPage, readRegistry, readRemotes, remoteOrigins } from '../remotes-registry';
import {
  marketingPreloads,
  prerenderedPage,
  servesStaticHtml,
  withPrerender,
  type PrerenderedPage,
} from './prerendered';
import type { FrameAncestorsLookup } from '../map-frame-ancestors';
import type { ReleasedRemotesLookup } from '../released-remotes';

export interface FrontendsOptions {
  root: string;
  remotesFile?: string;
  extraScriptOrigins: string[];
  appConfig: { authUrl: string; publicKey: string };
  apiPrefixes: string[];
  /** Who may frame a page (map previews may name origins); nobody when absent or empty. */
  frameAncestors?: FrameAncestorsLookup;
  /** The remotes' current releases; every remote loads the build served here when absent. */
  releasedRemotes?: ReleasedRemotesLookup;
  /** Released builds, served under /releases/<folder>/<version>/ as a CDN would serve them. */
  releasesDir?: string;
}

/** Entry points change on every deploy; everything else has a content hash in its name. */
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json|app-config\.json)$/;

function setCacheHeaders(res: HeaderTarget, filePath: string) {
  if (ALWAYS_REVALIDATE.test(filePath) || filePath.endsWith('.html')) {
    res.setHeader('cache-control', 'no-cache');
  } else {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  }
  // Remotes may be loaded by a shell on another origin.
  res.setHeader('access-control-allow-origin', '*');
}

function folderReady(dir: string, log: FastifyBaseLogger): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch (error) {
    log.warn({ err: error, dir }, 'the releases folder cannot be made; releases are not served from here');
    return false;
  }
}

/**
 * One of the files the gateway answers itself for the web apps: its own API, described in the
 * gateway's document with the shape it is sent in, and read without a token.
 */
const ownFile = (description: string, answer: TSchema) => ({
  schema: { description, security: [], response: { 200: answer } },
});

function contentSecurityPolicy(scriptOrigins: string[], frameAncestors: string[]): string {
  const sources = ["'self'", ...scriptOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources}`,
    `connect-src ${sources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
    "form-action 'self'",
  ].join('; ');
}

/**
 * Serves the shell (with history fallback), each remote under /remotes/<app>/,
 * the remotes registry and the runtime config. Unknown page paths still get
 * the shell — it renders the 404 page — but with status 404.
 */
export default fp<FrontendsOptions>(
  async (app, options) => {
    const shellDist = path.join(options.root, 'shell', 'dist');
    const shellIndex = path.join(shellDist, 'index.html');

    // Builds may appear after the gateway starts (or a remote may be rebuilt):
    // files are looked up per request, so the folders only need to exist.
    mkdirSync(shellDist, { recursive: true });
    await app.register(fastifyStatic, {
      root: shellDist,
      serve: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
    for (const remote of REMOTE_APPS) {
      const root = path.join(options.root, remote.folder, 'dist');
      mkdirSync(root, { recursive: true });
      await app.register(fastifyStatic, {
        root,
        prefix: `/remotes/${remote.folder}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }

    // A released build's folder never changes (its version names its contents), like a CDN's.
    // On a read-only file system (a pod whose releases come from a CDN) the folder may not be made:
    // then nothing is served here, and the gateway still starts.
    if (options.releasesDir && folderReady(options.releasesDir, app.log)) {
      await app.register(fastifyStatic, {
        root: options.releasesDir,
        prefix: '/releases/',
        decorateReply: false,
        cacheControl: false,
        setHeaders: setCacheHeaders,
      });
    }
    const released = (log: FastifyBaseLogger) =>
      options.releasedRemotes ? options.releasedRemotes(log) : Promise.resolve({});

    app.get(
      '/remotes.json',
      ownFile("Where each remote's manifest is, and which pages each of its modules renders.", RemotesRegistrySchema),
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return readRegistry(options.remotesFile, await released(request.log));
      },
    );
    // Deployment detection: the shell polls this to learn that a new build is out.
    app.get(
      '/builds-latest.json',
      ownFile('A fingerprint of the deployed shell; it changes with every new build.', BuildsLatestSchema),
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const shell = existsSync(shellIndex)
          ? createHash('sha256').update(readFileSync(shellIndex)).digest('hex').slice(0, 16)
          : null;
        return { shell };
      },
    );
    app.get(
      '/app-config.json',
      ownFile("Where the web apps reach the identity provider, with the app's public key.", AppConfigSchema),
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return options.appConfig;
      },
    );

    const sendShell = async (
      status: number,
      reply: FastifyReply,
      frameAncestors: string[] = [],
      prerendered: PrerenderedPage | null = null,
    ) => {
      const remotes = readRemotes(options.remotesFile, await released(reply.log));
      const origins = [...options.extraScriptOrigins, ...remoteOrigins(remotes)];
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(origins, frameAncestors))
        .header('referrer-policy', 'no-referrer');
      // The older header knows no list of origins: sent only where nobody may frame the page.
      if (frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
      if (!existsSync(shellIndex)) {
        return reply.send(
          '<!doctype html><title>Tracemap</title><p>The web app is not built yet. Run <code>npm run build</code>.</p>',
        );
      }
      const shellHtml = readFileSync(shellIndex);
      if (!prerendered) return reply.send(shellHtml);
      return reply.send(
        withPrerender(shellHtml.toString('utf8'), prerendered, marketingPreloads(options.root, remotes)),
      );
    };

    // Hashed shell assets at the root (e.g. /main.1a2b3c.js) are served by the
    // static plugin; every other GET is a page of the single-page app. (The
    // service kit already refused a URL whose escapes do not decode, and sets
    // nosniff, plus no-store where no caching was chosen, on every answer.)
    // Pages and files are no API: they are left out of the gateway's document.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = decodeURIComponent(request.url.split('?')[0]);
      const file = path.join(shellDist, path.normalize(pathname));
      if (file.startsWith(shellDist + path.sep) && path.extname(pathname) && existsSync(file)) {
        return reply.sendFile(path.relative(shellDist, file));
      }
      if (options.apiPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
        return reply
          .code(404)
          .send({ statusCode: 404, code: 'not_found', message: `Route not found: GET ${pathname}` });
      }
      // A remote added by the remotes file brings its own pages.
      const known = matchPageRoute(pathname) !== null || isRegistryPage(readRegistry(options.remotesFile), pathname);
      if (!known && path.extname(pathname)) {
        return reply.code(404).send({ statusCode: 404, code: 'not_found', message: MESSAGES.pageNotFound(pathname) });
      }
      const frameAncestors = known && options.frameAncestors ? await options.frameAncestors(pathname, request.log) : [];
      // Public pages answer with their static HTML, which the shell hydrates; `?prerender=0` asks for
      // the bare app (benchmarks compare both).
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const prerendered = known && servesStaticHtml(search) ? prerenderedPage(options.root, pathname) : null;
      return sendShell(known ? 200 : 404, reply, frameAncestors, prerendered);
    });
  },
  { name: 'frontends' },
);
