'use strict';
/**
 * Turns a content file (front matter + markdown) into a module at build time, so pages ship
 * the parsed fields and the markdown text and no YAML parser reaches the browser.
 */
const frontMatter = require('front-matter');

module.exports = function markdownLoader(source) {
  const { attributes, body } = frontMatter(source);
  const fields = {};
  for (const [key, value] of Object.entries(attributes)) {
    fields[key] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  return `export default ${JSON.stringify({ attributes: fields, body })};`;
};
