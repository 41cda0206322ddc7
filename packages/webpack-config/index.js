'use strict';
/**
 * Shared webpack config factory for the Tracemap shell and its remotes.
 *
 *   const { createRemoteConfig } = require('@tracemap/webpack-config');
 *   module.exports = createRemoteConfig({ dir: __dirname });   // a remote: all it needs is in the manifest
 *
 * Every app gets: swc-loader for TS/TSX (also for the TS-source workspace packages),
 * Module Federation 2 with the shared singletons below, a manifest (mf-manifest.json),
 * hashed chunks in dist/, and a dev server on its own port with CORS headers.
 */
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { MICRO_FRONTENDS, microFrontendOf } = require('./micro-frontends');

/** Packages every app shares as singletons (one React, one router, one store). */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'zustand',
  '@tracemap/shell-core',
  '@tracemap/ui',
];

/** Development ports: the shell's, and each remote's from the manifest. */
const PORTS = { shell: 3000, ...Object.fromEntries(MICRO_FRONTENDS.map((app) => [app.name, app.port])) };

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The version range an app asks for, taken from its own package.json. */
function requiredVersionOf(pkg, dep) {
  const base = dep.startsWith('@') ? dep.split('/').slice(0, 2).join('/') : dep.split('/')[0];
  const all = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  return all[base] || false;
}

const ROUTER_SUBSET = path.join(__dirname, 'react-router-subset.mjs');

/** The real react-router ESM entry for this mode (bypasses the exports map on purpose). */
function reactRouterEntry(prod) {
  const dir = path.dirname(require.resolve('react-router/package.json', { paths: [process.cwd(), __dirname] }));
  return path.join(dir, 'dist', prod ? 'production' : 'development', 'index.mjs');
}

function buildShared(pkg) {
  const shared = {};
  for (const dep of SHARED_SINGLETONS) {
    shared[dep] = { singleton: true, eager: false, requiredVersion: requiredVersionOf(pkg, dep) };
  }
  // `react-router` is provided from the subset module (see react-router-subset.mjs).
  const routerPkg = require(require.resolve('react-router/package.json', { paths: [process.cwd(), __dirname] }));
  shared['react-router'] = { ...shared['react-router'], import: ROUTER_SUBSET, version: routerPkg.version };
  return shared;
}

/**
 * A short id that changes whenever the app's sources (or the shared TS packages) change.
 * It keeps the webpack chunk-loading global of two different builds of the same remote apart,
 * so a remote rebuilt and re-registered while a page is open loads its new chunks instead of
 * reusing old chunks that happen to share an id.
 */
function sourceHash(dirs) {
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(full.slice(dir.length));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  dirs.forEach(walk);
  return hash.digest('hex').slice(0, 8);
}

/**
 * Entry chunks are content-hashed too. The federation runtime module asks for the entry
 * filename before hashes exist (it only needs the folder depth), so answer it unhashed then.
 */
function hashedEntryFilename(pathData) {
  const chunk = pathData && pathData.chunk;
  const ready = chunk && chunk.contentHash && chunk.contentHash.javascript;
  return ready ? '[name].[contenthash:10].js' : '[name].js';
}

/**
 * @param {object} opts
 * @param {string} opts.dir          app folder (__dirname of its webpack.config.js)
 * @param {string} opts.name         federation name (shell, mfe_marketing, ...)
 * @param {number} [opts.port]       dev server port
 * @param {Record<string,string>} [opts.exposes]
 * @param {boolean} [opts.isHost]    the shell: fixed publicPath '/', html entry
 * @param {string} [opts.title]
 * @param {Function} [opts.setupMiddlewares]  dev server hook (the shell serves /remotes.json in dev)
 * @param {object[]} [opts.devProxy]  dev server proxy rules (the shell forwards API calls to the gateway)
 */
function createConfig(opts) {
  const { dir, name, exposes = {}, isHost = false, title = 'Tracemap' } = opts;
  const port = opts.port || PORTS[name];
  const pkg = readJson(path.join(dir, 'package.json'));
  const packagesDir = path.resolve(__dirname, '..');
  const buildId = sourceHash([
    path.join(dir, 'src'),
    path.join(packagesDir, 'shell-core/src'),
    path.join(packagesDir, 'ui/src'),
  ]);

  return (env, argv) => {
    const mode = (argv && argv.mode) || process.env.NODE_ENV || 'production';
    const prod = mode === 'production';
    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        filename: prod ? hashedEntryFilename : '[name].js',
        // Hashed in development too: two chunks may share an id across runtimes.
        chunkFilename: '[name].[contenthash:10].js',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `${name}_${buildId}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: { 'react-router-full$': reactRouterEntry(prod) },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            // App sources and the TS-source workspace packages (symlinked into node_modules,
            // resolved to their real path under packages/). Third-party code is not transpiled.
            include: [path.join(dir, 'src'), packagesDir],
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes: isHost ? undefined : exposes,
          remotes: {},
          shared: buildShared(pkg),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          dev: false,
          experiments: { optimization: { target: 'web', disableRemote: !isHost } },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          appName: name,
          // A remote's own index.html is for standalone development only.
          publicPath: '/',
          inject: 'body',
          chunks: ['main'],
          scriptLoading: 'defer',
          minify: prod,
        }),
      ],
      optimization: {
        // Shared singletons already get their own chunks from Module Federation; split the rest
        // so the first paint only pulls what the entry needs.
        splitChunks: { chunks: 'async' },
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port,
        host: 'localhost',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        client: { overlay: false },
        setupMiddlewares: opts.setupMiddlewares,
        proxy: opts.devProxy,
      },
    };
  };
}

/**
 * The config of a remote, from its manifest entry: federation name, dev port, exposed modules and
 * title. `remote` is that entry; by default the one whose folder is `dir`'s name.
 * @param {{ dir: string, remote?: import('@tracemap/contracts').MicroFrontend }} opts
 */
function createRemoteConfig({ dir, remote = microFrontendOf(path.basename(dir)) }) {
  return createConfig({
    dir,
    name: remote.name,
    port: remote.port,
    title: `Tracemap ${remote.label} (standalone)`,
    exposes: Object.fromEntries(remote.exposes.map((exposed) => [exposed.module, exposed.file])),
  });
}

module.exports = { createConfig, createRemoteConfig, PORTS, SHARED_SINGLETONS, MICRO_FRONTENDS };
