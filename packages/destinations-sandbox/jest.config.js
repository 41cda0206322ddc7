module.exports = require('@tracemap/test-kit/jest-preset');
