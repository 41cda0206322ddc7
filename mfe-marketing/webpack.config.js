const path = require('node:path');
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

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.module.rules.push(markdownRule);
  return config;
};
