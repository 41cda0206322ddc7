import path from 'node:path';
import { REPO_ROOT, startStack } from './stack';

/**
 * `npm start`: the whole product on its embedded defaults (or on
 * DATABASE_URL / SMTP_URL when set), until Ctrl-C stops everything it started.
 */
async function main() {
  const started = Date.now();
  const port = Number(process.env.PORT ?? 8080);
  // Services listen on SERVICE_PORT_BASE+1…+6 (4001…4006); 0 picks free ports.
  const base = Number(process.env.SERVICE_PORT_BASE ?? 4000);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const stack = await startStack({
    port,
    servicePorts: {
      auth: base && base + 1,
      account: base && base + 2,
      company: base && base + 3,
      subscription: base && base + 4,
      insights: base && base + 5,
      integrations: base && base + 6,
    },
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    dataDir,
    remotesFile: process.env.REMOTES_FILE || undefined,
    publicUrl: process.env.PUBLIC_URL || undefined,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    standby: true,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Tracemap…`);
    await stack.stop();
    console.log('Stopped. Nothing left running.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  console.log('');
  console.log(`Tracemap is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(
    `  database: ${process.env.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite in ${path.join(dataDir, 'pglite')}`}`,
  );
  if (stack.mailbox) console.log(`  emails:   ${stack.url}/dev/mailbox`);
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
