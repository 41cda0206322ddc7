const preset = require('@tracemap/test-kit/jest-preset');
module.exports = { ...preset, testTimeout: 180000 };
