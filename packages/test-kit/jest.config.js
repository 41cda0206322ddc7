module.exports = require('./jest-preset');
