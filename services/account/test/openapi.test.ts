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

/** Routes whose answers have no schema yet; take a route off as it gets one. */
const NOT_YET_DESCRIBED = [
  'GET /api/account/sync',
  'POST /api/account/revoke-sessions',
  'POST /api/account/forgot-password',
  'POST /api/account/reset-password',
  'POST /api/account/already-registered',
  'POST /api/account/update-name',
  'POST /api/account/verify-email',
  'POST /api/account/lead',
  'POST /api/support/bug-report',
  'POST /api/support/feedback',
  'POST /api/account/admin/debug/error',
  'DELETE /api/account/admin/roadmap/{id}',
  'POST /api/account/admins',
];

async function apiDocument() {
  const response = await app.inject('/api/account/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('the account API is described at /api/account/openapi.json, without the internal routes', async () => {
  const routes = documentedRoutes(await apiDocument());
  expect(routes).toEqual(expect.arrayContaining(['GET /api/account/sync', 'POST /api/analytics/events', 'GET /api/account/admin/users']));
  expect(routes.filter((route) => route.includes('/internal'))).toEqual([]);
});

test('no public account route beyond those listed answers without a schema for its success', async () => {
  expect(undescribedRoutes(await apiDocument()).filter((route) => !NOT_YET_DESCRIBED.includes(route))).toEqual([]);
});
