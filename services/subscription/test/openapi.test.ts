import { documentedRoutes, undescribedRoutes } from '@tracemap/service-kit';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function apiDocument() {
  const response = await h.app.inject('/api/subscription/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('the billing API is described at /api/subscription/openapi.json, without the internal routes', async () => {
  const routes = documentedRoutes(await apiDocument());
  expect(routes).toEqual(
    expect.arrayContaining([
      'GET /api/subscription/plans',
      'POST /api/subscription/update',
      'POST /api/subscription/cancel',
    ]),
  );
  expect(routes.filter((route) => route.includes('/internal'))).toEqual([]);
});

// Without a provider key the built-in sandbox stands in for Stripe (its API at /v1, its pages and clock
// under /api/subscription/sandbox); it is refused in production, so its routes are not the billing API.
const isSandbox = (route: string) => / \/v1\//.test(route) || route.includes(' /api/subscription/sandbox/');

test('every public subscription route declares the schema of its success answer', async () => {
  expect(undescribedRoutes(await apiDocument()).filter((route) => !isSandbox(route))).toEqual([]);
});
