import { undescribedRoutes } from '@tracemap/service-kit';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

test('health and readiness come from the kit, with the service its workers', async () => {
  const health = await h.app.inject('/health');
  expect(health.statusCode).toBe(200);
  const ready = await h.app.inject('/ready');
  expect(ready.statusCode).toBe(200);
  expect(JSON.stringify(ready.json())).toContain('membership-events');
});

test('the API is described at /api/insights/openapi.json, every route with its success answer and no internal route', async () => {
  const response = await h.app.inject('/api/insights/openapi.json');
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/insights/{companyId}/discovery/sources']));
  expect(Object.keys(document.paths).filter((p) => p.startsWith('/internal'))).toEqual([]);
  expect(undescribedRoutes(document)).toEqual([]);
});

test('row security is forced on every table of the schema, and the app role owns none and cannot bypass it', async () => {
  const { rows: tables } = await h.admin.query<{ name: string; enabled: boolean; forced: boolean; owner: string }>(
    `SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced, pg_get_userbyid(c.relowner) AS owner
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'insights' AND c.relkind = 'r' AND c.relname NOT LIKE '%migrations'
        AND c.relname <> 'notification_relay'`,
  );
  expect(tables.map((t) => t.name)).toContain('sources');
  for (const table of tables)
    expect({ table: table.name, enabled: table.enabled, forced: table.forced }).toEqual({
      table: table.name,
      enabled: true,
      forced: true,
    });
  expect(tables.every((t) => t.owner !== 'insights_app')).toBe(true);
  const { rows: role } = await h.admin.query(
    `SELECT rolbypassrls, rolsuper FROM pg_roles WHERE rolname = 'insights_app'`,
  );
  expect(role).toEqual([{ rolbypassrls: false, rolsuper: false }]);
  // The notifications waiting to be relayed are the service's own: the app role reaches them
  // only through the burst function the judging transaction's trigger calls.
  const { rows: relay } = await h.admin.query(
    `SELECT has_table_privilege('insights_app', 'insights.notification_relay', 'SELECT, INSERT, UPDATE, DELETE') AS any`,
  );
  expect(relay).toEqual([{ any: false }]);
});
