import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { service } from '../../src/app';
import { loadConfig } from '../../src/config';
import { deadUrl } from './gateway-world';

/**
 * The gateway alone: every upstream a dead address unless `env` names one (e.g. INSIGHTS_URL
 * for a stand-in), and an empty folder of web files. Not listening yet.
 */
export function buildLoneGateway(name: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return service.build(
    loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_URL: deadUrl,
      ACCOUNT_URL: deadUrl,
      COMPANY_URL: deadUrl,
      SUBSCRIPTION_URL: deadUrl,
      AUTH_PUBLIC_KEY: 'public-anon-key',
      FRONTEND_ROOT: mkdtempSync(path.join(os.tmpdir(), `gateway-${name}-`)),
      ...env,
    }),
  );
}
