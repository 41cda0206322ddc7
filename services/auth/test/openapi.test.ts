import { documentedRoutes, undescribedRoutes } from '@tracemap/service-kit';
import { startAuth, type RunningAuth } from './helpers';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(async () => auth?.stop());

test('auth describes its public API at /auth/v1/openapi.json, where the gateway routes it, internal routes left out', async () => {
  const response = await fetch(`${auth.url}/auth/v1/openapi.json`);
  expect(response.status).toBe(200);
  const routes = documentedRoutes(await response.json());
  expect(routes).toEqual(
    expect.arrayContaining(['POST /auth/v1/token', 'GET /auth/v1/user', 'POST /auth/v1/admin/generate_link']),
  );
  expect(routes.filter((route) => route.includes('/internal') || route.startsWith('OPTIONS'))).toEqual([]);
});

test('every public auth route declares the schema of its success answer', async () => {
  const document = await (await fetch(`${auth.url}/auth/v1/openapi.json`)).json();
  expect(undescribedRoutes(document)).toEqual([]);
});
