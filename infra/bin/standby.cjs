// The warm standby of a compiled service (production start): Node is up and waiting; a line on
// stdin loads the service's bundle, stdin closing (the supervisor went away) ends it. The bundle
// itself loads in a blink, so nothing is preloaded.
const entry = process.argv[2];
process.stdin.once('data', () => {
  process.stdin.pause();
  require(entry);
});
process.stdin.once('end', () => process.exit(0));
