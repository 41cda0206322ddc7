import { runService } from '@tracemap/service-kit';
import { buildApp } from './app';
import { readSubscriptionConfig } from './config';

void runService(async () => {
  const config = readSubscriptionConfig();
  return { app: await buildApp(config), config };
});
