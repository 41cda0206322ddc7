const path = require('node:path');
const webpack = require('webpack');
const { createRemoteConfig } = require('@tracemap/webpack-config');

// Name, dev port and exposed modules come from the micro-frontends manifest.
const base = createRemoteConfig({ dir: __dirname });

/** Blog posts and guides are markdown files in content/, parsed at build time. */
const markdownRule = {
  test: /\.md$/,
  include: path.join(__dirname, 'content'),
  use: path.join(__dirname, 'tools', 'markdown-loader.js'),
};

const SHELL_SOURCES = path.join(__dirname, '..', 'shell', 'src');

/** A Node build of the pages, used once after the build to write their static HTML. */
function prerenderConfig(web) {
  return {
    name: 'prerender',
    mode: web.mode,
    target: 'node',
    context: __dirname,
    entry: { 'render-page': './src/prerender/render-page.tsx' },
    devtool: false,
    output: {
      path: path.join(__dirname, 'dist-ssr'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: web.resolve.extensions },
    // The page is rendered inside the shell's own layout, so the shell's sources are compiled too.
    module: { rules: [...web.module.rules, { ...web.module.rules[0], include: [SHELL_SOURCES] }] },
    // Rendered to HTML once, so every page is imported directly rather than loaded on demand.
    plugins: [new webpack.NormalModuleReplacementPlugin(/^\.\/lazy-pages$/, './static-pages')],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.module.rules.push(markdownRule);
  // The dev server only needs the browser build.
  if (process.env.WEBPACK_SERVE) return config;
  return [config, prerenderConfig(config)];
};
