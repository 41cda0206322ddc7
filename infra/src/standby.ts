/**
 * A service started ahead of need: it loads the service's code (the slow
 * part of starting: Node, the TypeScript loader, the module graph), then
 * waits. A line on stdin starts the service for real; stdin closing (the
 * supervisor went away) ends it. The supervisor keeps one per service so a
 * service that dies is back in a fraction of a cold start.
 */
const [entry, ...preload] = process.argv.slice(2);
for (const file of preload) require(file);
process.stdin.once('data', () => {
  process.stdin.pause();
  require(entry);
});
process.stdin.once('end', () => process.exit(0));
