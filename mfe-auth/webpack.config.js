const { createConfig } = require('@tracemap/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_auth',
  port: 3002,
  title: 'Tracemap Auth (standalone)',
  exposes: { './routes': './src/routes/index.tsx' },
});
