// Keep service logs out of test output unless asked for.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL || 'silent';
