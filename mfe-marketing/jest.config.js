const preset = require('@tracemap/test-kit/jest-preset');

// react-markdown and the unified ecosystem ship ESM only: let swc turn them into CommonJS.
const ESM = [
  'react-markdown',
  'remark-[a-z-]+',
  'rehype-[a-z-]+',
  'unified',
  'bail',
  'trough',
  'vfile[a-z-]*',
  'unist-[a-z-]+',
  'mdast-[a-z-]+',
  'hast-[a-z-]+',
  'micromark[a-z-]*',
  'decode-named-character-reference',
  'character-entities[a-z-]*',
  'property-information',
  'space-separated-tokens',
  'comma-separated-tokens',
  'html-url-attributes',
  'devlop',
  'is-plain-obj',
  'ccount',
  'escape-string-regexp',
  'markdown-table',
  'longest-streak',
  'zwitch',
  'trim-lines',
  'estree-util-[a-z-]+',
  'style-to-[a-z-]+',
  'inline-style-parser',
  'web-namespaces',
  'hastscript',
  '@ungap',
];

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
  transformIgnorePatterns: [`/node_modules/(?!(${ESM.join('|')})/)`],
};
