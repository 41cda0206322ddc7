// The warm standby of a compiled service (production start): Node is up and waiting; a line on
// stdin loads the service's bundle, stdin closing (the supervisor went away) ends it.
// While it waits it loads the npm packages the bundle requires (read off the bundle's text), so
// taking over costs only the bundle itself: on a busy machine loading them is what takes seconds.
// Tracing's packages stay out: with tracing off a service never loads them.
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');

const entry = process.argv[2];
const requireFromBundle = createRequire(entry);
const packages = new Set(
  [...readFileSync(entry, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)]
    .map((match) => match[1])
    .filter((name) => !name.startsWith('node:') && !name.includes('opentelemetry') && !name.includes('/otel')),
);
for (const name of packages) {
  try {
    requireFromBundle(name);
  } catch {
    // A package the bundle only needs on some path (or not installed here): the bundle decides.
  }
}

process.stdin.once('data', () => {
  process.stdin.pause();
  require(entry);
});
process.stdin.once('end', () => process.exit(0));
