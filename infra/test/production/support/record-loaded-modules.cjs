// Preloaded into a service under test: when it exits, it writes what ran in it (flags, the file
// extensions the module system can load, every CommonJS file loaded) so the test can tell that
// no TypeScript loader was ever part of it.
const { writeFileSync } = require('node:fs');
const Module = require('node:module');

const loaded = new Set();
const load = Module._load;
Module._load = function recordLoad(request, parent, isMain) {
  try {
    loaded.add(Module._resolveFilename(request, parent, isMain));
  } catch {
    // Let the real load report what it cannot find.
  }
  return load.apply(this, arguments);
};

process.once('exit', () => {
  writeFileSync(
    process.env.LOADED_MODULES_REPORT,
    JSON.stringify({
      execArgv: process.execArgv,
      extensions: Object.keys(require.extensions),
      files: [...new Set([...loaded, ...Object.keys(require.cache)])],
    }),
  );
});
