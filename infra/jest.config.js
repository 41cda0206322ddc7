const preset = require('@tracemap/test-kit/jest-preset');
module.exports = {
  ...preset,
  testTimeout: 180000,
  // One stack for every suite on the product's default settings, started when the first asks.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
