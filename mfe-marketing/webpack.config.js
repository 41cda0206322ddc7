const path = require('node:path');
const webpack = require('webpack');
const { createConfig } = require('@tracemap/webpack-config');

const base = createConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  port: 3001,
  title: 'Tracemap Marketing (standalone)',
  exposes: { './routes': './src/routes/index.tsx' },
});

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
    output: { path: path.join(__dirname, 'dist-ssr'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
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
