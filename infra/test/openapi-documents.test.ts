import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentedRoutes } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { startStack, type Stack } from '../src/stack';

// Where each API document is served: at the prefix the gateway routes to its service (auth's under
// /auth/v1, beside its API), the gateway's own among them.
const DOCUMENTS: Array<[string, string]> = [
  ['auth', '/auth/v1/openapi.json'],
  ['account', '/api/account/openapi.json'],
  ['company', '/api/company/openapi.json'],
  ['subscription', '/api/subscription/openapi.json'],
  ['insights', '/api/insights/openapi.json'],
  ['integrations', '/api/integrations/openapi.json'],
  ['gateway', '/api/gateway/openapi.json'],
];

let stack: Stack;
let database: TestDatabase | undefined;

beforeAll(async () => {
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  stack = await startStack({
    port: 0,
    databaseUrl: database?.url,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-openapi-')),
    logLevel: 'warn',
    log: () => undefined,
  });
});

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
});

test.each(DOCUMENTS)(
  'the %s API document is reached through the gateway at %s, with its public routes and no internal one',
  async (name, url) => {
    const response = await fetch(`${stack.url}${url}`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; info: { title: string } };
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe(`Tracemap ${name} API`);
    const routes = documentedRoutes(document);
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.includes('/internal'))).toEqual([]);
  },
);
