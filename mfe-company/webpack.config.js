const { createConfig } = require('@tracemap/webpack-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mfe_company',
  port: 3003,
  title: 'Tracemap Company (standalone)',
  exposes: {
    './routes': './src/routes/index.tsx',
    './map-preview': './src/map-preview-routes/index.tsx',
  },
});
