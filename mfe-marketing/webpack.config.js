const { createConfig } = require('@tracemap/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_marketing',
  port: 3001,
  title: 'Tracemap Marketing (standalone)',
  exposes: { './routes': './src/routes/index.tsx' },
});
