const { createConfig, PORTS, MICRO_FRONTENDS } = require('@tracemap/webpack-config');

/** In development the shell serves the registry itself, pointing at each remote's dev server. */
function devRegistry(middlewares) {
  const remotes = MICRO_FRONTENDS.map(({ name, port }) => ({
    name,
    entry: `http://localhost:${port}/mf-manifest.json`,
  }));
  middlewares.unshift({
    name: 'tracemap-dev-registry',
    middleware: (req, res, next) => {
      if (req.url.startsWith('/remotes.json')) return res.json({ remotes });
      return next();
    },
  });
  return middlewares;
}

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: PORTS.shell,
  isHost: true,
  title: 'Tracemap',
  setupMiddlewares: devRegistry,
  // The API, the identity provider and the runtime config come from the gateway (npm run dev starts it).
  devProxy: [
    {
      context: ['/auth', '/api', '/webhooks', '/dev', '/app-config.json'],
      target: process.env.GATEWAY_URL || 'http://localhost:8080',
      xfwd: true,
    },
  ],
});
