#!/usr/bin/env node
// Builds the service in the current folder: each entry under src/ becomes a bundle under dist/
// (src/server.ts → dist/server.js). Workspace packages (@tracemap/*) are compiled into the bundle,
// because they are consumed from their TypeScript sources; npm dependencies stay external and are
// loaded from node_modules, so a production install provides them.
//
// Usage: tracemap-build-service [src/entry.ts …]   (src/server.ts when none is given)
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const serviceDir = process.cwd();
const srcDir = path.join(serviceDir, 'src');
const distDir = path.join(serviceDir, 'dist');
const entries = process.argv.slice(2).length ? process.argv.slice(2) : ['src/server.ts'];

/**
 * Where a source file believes it lives. Code of the service itself is placed at its mirror
 * under dist/ (src/ingest/x.ts → dist/ingest/), so `path.join(__dirname, '..', 'migrations')`
 * and a compiled worker beside its starter resolve as they do from src/. Workspace packages keep
 * their own folder, where their SQL migrations are found at run time.
 */
function runtimeDir(file) {
  const dir = path.dirname(file);
  const inService = path.relative(srcDir, dir);
  if (!inService.startsWith('..') && !path.isAbsolute(inService)) return path.join(distDir, inService);
  return dir;
}

/**
 * How the bundle names an npm dependency. Usually by its name, found from the bundle's folder as
 * from the importing file's. A workspace package may have its own copy of a dependency (another
 * version, installed in that package's node_modules), which the bundle's folder cannot see: that
 * copy is named by its path relative to the bundle, the layout a production install keeps.
 */
function externalPath(specifier, importerDir, outDir) {
  let fromImporter;
  try {
    fromImporter = require.resolve(specifier, { paths: [importerDir] });
  } catch {
    return specifier;
  }
  let fromBundle;
  try {
    fromBundle = require.resolve(specifier, { paths: [outDir] });
  } catch {
    fromBundle = undefined;
  }
  if (fromBundle === fromImporter || !path.isAbsolute(fromImporter)) return specifier;
  const relative = path.relative(outDir, fromImporter).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Each file keeps its own `__dirname`, although they all end up in one bundle. */
function ownDirname(outDir) {
  return {
    name: 'own-dirname',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@tracemap/')) return undefined;
        return { path: externalPath(args.path, args.resolveDir, outDir), external: true };
      });
      b.onLoad({ filter: /\.(ts|tsx|mts|cts|js|mjs|cjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!/\b__dirname\b/.test(source)) return undefined;
        const relative = path.relative(outDir, runtimeDir(args.path)).split(path.sep).join('/');
        const replacement = `require("node:path").join(__dirname, ${JSON.stringify(relative || '.')})`;
        const ext = path.extname(args.path).slice(1);
        const loader = ext === 'tsx' ? 'tsx' : ['ts', 'mts', 'cts'].includes(ext) ? 'ts' : 'js';
        return { contents: source.replace(/\b__dirname\b/g, replacement), loader };
      });
    },
  };
}

rmSync(distDir, { recursive: true, force: true });
for (const entry of entries) {
  const absolute = path.resolve(serviceDir, entry);
  const outfile = path.join(distDir, path.relative(srcDir, absolute)).replace(/\.[cm]?tsx?$/, '.js');
  await build({
    entryPoints: [absolute],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    // Stack traces point at the TypeScript lines, without a flag on the command line.
    banner: { js: 'process.setSourceMapsEnabled(true);' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [ownDirname(path.dirname(outfile))],
  });
}
console.log(
  `built ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} of ${path.basename(serviceDir)} into dist/`,
);
