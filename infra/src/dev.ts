import path from 'node:path';
import { REPO_ROOT, startStack } from './stack';
import { startProcess } from './processes';

/**
 * `npm run dev`: services in watch mode behind the gateway (:8080) and every
 * web app on its webpack dev server. Open the shell's dev server (:3000): it
 * loads the remotes from their dev servers (:3001–:3004) and forwards API
 * calls to the gateway. Ctrl-C stops everything.
 */
async function main() {
  const shellUrl = 'http://localhost:3000';
  const stack = await startStack({
    port: Number(process.env.PORT ?? 8080),
    servicePorts: { auth: 4001, account: 4002, company: 4003, subscription: 4004, insights: 4005, integrations: 4006 },
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    publicUrl: shellUrl,
    logLevel: process.env.LOG_LEVEL ?? 'info',
    watch: true,
    env: { AUTH_CORS_ORIGINS: shellUrl },
  });
  const apps = startProcess(
    'web',
    process.execPath,
    [
      require.resolve('turbo/bin/turbo'),
      'run',
      'dev',
      '--filter=@tracemap/shell',
      '--filter=@tracemap/mfe-*',
      '--concurrency',
      '10',
    ],
    { env: { ...process.env, GATEWAY_URL: stack.urls.gateway }, cwd: REPO_ROOT, onOutput: (line) => console.log(line) },
  );
  const stop = async () => {
    await apps.stop();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  console.log(
    `\nServices ready behind ${stack.url}. Web apps starting; open ${shellUrl} (emails: ${shellUrl}/dev/mailbox).`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
