const { createConfig } = require('@tracemap/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_admin',
  port: 3004,
  title: 'Tracemap Admin (standalone)',
  exposes: { './routes': './src/routes/index.tsx' },
});
