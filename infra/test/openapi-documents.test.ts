import { documentedRoutes } from '@tracemap/service-kit';
import type { Stack } from '../src/stack';
import { openDefaultStack } from './support/shared-stack';

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

// The documents only depend on the code, so the run's shared stack serves them as well as a fresh one.
beforeAll(async () => {
  stack = await openDefaultStack('openapi');
});

afterAll(async () => {
  await stack?.stop();
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
