import { runService } from '@tracemap/service-kit';
import { buildApp } from './app';
import { readAccountConfig } from './config';

void runService(async () => {
  const config = readAccountConfig();
  const app = await buildApp(config);
  app.outbox.start();
  return { app, config };
});
