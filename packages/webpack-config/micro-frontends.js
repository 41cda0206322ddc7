'use strict';
/**
 * The micro-frontends manifest for plain-JS build files. The manifest is TypeScript (its `as const`
 * gives the TS side literal app names), so it is loaded through tsx, which the repository already
 * uses to run TypeScript; the file imports nothing, so this loads it alone.
 */
const { require: requireTs } = require('tsx/cjs/api');

/** @type {readonly import('@tracemap/contracts').MicroFrontend[]} */
const MICRO_FRONTENDS = requireTs('@tracemap/contracts/micro-frontends', __filename).MICRO_FRONTENDS;

/** The manifest entry of the remote whose folder is `folder`. */
function microFrontendOf(folder) {
  const found = MICRO_FRONTENDS.find((app) => app.folder === folder);
  if (!found)
    throw new Error(`${folder} is not in the micro-frontends manifest (packages/contracts/src/micro-frontends.ts)`);
  return found;
}

module.exports = { MICRO_FRONTENDS, microFrontendOf };
