import { runService } from '@tracemap/service-kit';
import { buildApp } from './app';
import { readGatewayConfig } from './config';

void runService(async () => {
  const config = readGatewayConfig();
  return { app: await buildApp(config), config };
});
