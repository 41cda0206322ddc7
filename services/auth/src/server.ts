import { runService } from '@tracemap/service-kit';
import { startOutboxWorker } from '@tracemap/mailer';
import { buildApp } from './app';
import { loadAuthConfig } from './config';
import { deleteIdleBuckets } from './repositories/rate-limits-repository';

void runService(async () => {
  const config = loadAuthConfig();
  let wake = () => undefined as void;
  const { app } = await buildApp(config, { onEmailQueued: () => wake() });
  const worker = startOutboxWorker({ pool: app.db, schema: 'auth', smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log });
  wake = () => worker.wake();
  // Buckets idle for a whole day are full again: dropping them changes nothing.
  const sweeper = setInterval(() => {
    deleteIdleBuckets(app.db, 86400).catch((err) => app.log.warn({ err }, 'rate limit sweep failed'));
  }, 3600_000);
  sweeper.unref();
  // preClose: the worker must stop before the pool it uses is ended.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await worker.stop();
  });
  return { app, config };
});
