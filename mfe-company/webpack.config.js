const { createRemoteConfig } = require('@tracemap/webpack-config');

// Name, dev port and exposed modules come from the micro-frontends manifest.
module.exports = createRemoteConfig({ dir: __dirname });
