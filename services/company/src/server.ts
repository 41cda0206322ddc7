import { runService } from '@tracemap/service-kit';
import { buildApp } from './app';
import { loadCompanyConfig } from './config';

void runService(async () => {
  const config = loadCompanyConfig();
  const app = await buildApp(config);
  return { app, config };
});
