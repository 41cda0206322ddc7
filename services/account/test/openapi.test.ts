import { documentedRoutes, undescribedRoutes } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import type { FastifyInstance } from 'fastify';
import { startAccount } from './support/account-app';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({ DATABASE_URL: database.url }));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** Routes whose answers have no schema: the debug route only ever fails (a 500 raised on purpose). */
const NOT_DESCRIBED = ['POST /api/account/admin/debug/error'];

async function apiDocument() {
  const response = await app.inject('/api/account/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('the account API is described at /api/account/openapi.json, without the internal routes', async () => {
  const routes = documentedRoutes(await apiDocument());
  expect(routes).toEqual(
    expect.arrayContaining(['GET /api/account/sync', 'POST /api/analytics/events', 'GET /api/account/admin/users']),
  );
  expect(routes.filter((route) => route.includes('/internal'))).toEqual([]);
});

test('every public account route but the debug one declares the schema of its success answer', async () => {
  expect(undescribedRoutes(await apiDocument())).toEqual(NOT_DESCRIBED);
});
