// Shared jest setup: TypeScript through swc, CommonJS, and the ESM-only
// dependencies (jose, cookie@2 via light-my-request, …) transformed too.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['^(?!.*/node_modules/(jose|cookie|@supabase|otpauth|@noble)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 30000,
  maxWorkers: 1,
  rootDir: process.cwd(),
  setupFiles: [path.join(__dirname, 'src/jest-setup.js')],
};
