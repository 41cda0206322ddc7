import type { InjectOptions } from 'fastify';
import { signedInUser } from '../support/stack';
import { startAdminWorld, type AdminWorld } from './admin-world';

/** Ids the rows' requests point at, made once before the matrix runs. */
interface Fixtures {
  target: string;
  unconfirmed: string;
  companyId: string;
  emailId: string;
  failedEmailId: string;
  roadmapIds: string[];
  deletableRoadmapId: string;
  bugReportId: string;
}

interface Row {
  /** What a product admin gets; every other caller is refused (403 signed in, 401 anonymous). */
  admin: number;
  request(f: Fixtures): InjectOptions;
}

let unique = 0;
const next = () => `${Date.now()}.${(unique += 1)}`;
const A = '/api/account/admin';

const MATRIX: Record<string, Row> = {
  [`GET ${A}/overview`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/overview` }) },
  [`GET ${A}/audit`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/audit` }) },
  [`GET ${A}/debug/services`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/debug/services` }) },
  // Fails on purpose (the generic 500 with a request id) — for admins only.
  [`POST ${A}/debug/error`]: { admin: 500, request: () => ({ method: 'POST', url: `${A}/debug/error` }) },
  [`GET ${A}/users`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/users?q=example` }) },
  [`POST ${A}/users`]: {
    admin: 201,
    request: () => ({ method: 'POST', url: `${A}/users`, payload: { email: `new.${next()}@example.com` } }),
  },
  [`GET ${A}/users/:userId`]: { admin: 200, request: (f) => ({ method: 'GET', url: `${A}/users/${f.target}` }) },
  [`POST ${A}/users/:userId/resend-confirmation`]: {
    admin: 200,
    request: (f) => ({ method: 'POST', url: `${A}/users/${f.unconfirmed}/resend-confirmation` }),
  },
  [`POST ${A}/users/:userId/password-reset`]: {
    admin: 200,
    request: (f) => ({ method: 'POST', url: `${A}/users/${f.target}/password-reset` }),
  },
  [`PUT ${A}/users/:userId/password-reset-required`]: {
    admin: 200,
    request: (f) => ({
      method: 'PUT',
      url: `${A}/users/${f.target}/password-reset-required`,
      payload: { value: true },
    }),
  },
  [`PUT ${A}/users/:userId/product-admin`]: {
    admin: 200,
    request: (f) => ({ method: 'PUT', url: `${A}/users/${f.target}/product-admin`, payload: { value: false } }),
  },
  [`POST ${A}/users/:userId/sessions/end`]: {
    admin: 200,
    request: (f) => ({ method: 'POST', url: `${A}/users/${f.target}/sessions/end` }),
  },
  [`GET ${A}/companies`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/companies?q=Matrix` }) },
  [`POST ${A}/companies`]: {
    admin: 201,
    request: () => ({
      method: 'POST',
      url: `${A}/companies`,
      payload: { name: 'Matrix Co', ownerEmail: `owner.${next()}@example.com` },
    }),
  },
  [`GET ${A}/companies/:companyId`]: {
    admin: 200,
    request: (f) => ({ method: 'GET', url: `${A}/companies/${f.companyId}` }),
  },
  [`GET ${A}/emails`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/emails?status=sent` }) },
  [`GET ${A}/emails/:source/:id`]: {
    admin: 200,
    request: (f) => ({ method: 'GET', url: `${A}/emails/account/${f.emailId}` }),
  },
  [`POST ${A}/emails/:source/:id/resend`]: {
    admin: 200,
    request: (f) => ({ method: 'POST', url: `${A}/emails/account/${f.failedEmailId}/resend` }),
  },
  [`POST ${A}/emails/test`]: {
    admin: 201,
    request: () => ({ method: 'POST', url: `${A}/emails/test`, payload: { to: 'ops@example.com' } }),
  },
  [`GET ${A}/roadmap`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/roadmap` }) },
  [`POST ${A}/roadmap`]: {
    admin: 201,
    request: () => ({ method: 'POST', url: `${A}/roadmap`, payload: { title: `Item ${next()}` } }),
  },
  [`PUT ${A}/roadmap/order`]: {
    admin: 200,
    request: (f) => ({ method: 'PUT', url: `${A}/roadmap/order`, payload: { ids: f.roadmapIds } }),
  },
  [`PATCH ${A}/roadmap/:id`]: {
    admin: 200,
    request: (f) => ({ method: 'PATCH', url: `${A}/roadmap/${f.roadmapIds[0]}`, payload: { published: true } }),
  },
  [`DELETE ${A}/roadmap/:id`]: {
    admin: 204,
    request: (f) => ({ method: 'DELETE', url: `${A}/roadmap/${f.deletableRoadmapId}` }),
  },
  [`GET ${A}/releases`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/releases` }) },
  // Recorded before the release row runs (rows run in this order): a release is checked against it.
  [`PUT ${A}/releases/shell`]: {
    admin: 200,
    request: () => ({ method: 'PUT', url: `${A}/releases/shell`, payload: { provides: { react: '19.3.1' } } }),
  },
  [`POST ${A}/releases`]: {
    admin: 201,
    request: () => ({
      method: 'POST',
      url: `${A}/releases`,
      payload: {
        remote: 'mfe_admin',
        version: `0.0.0-${next().replace(/\./g, '-')}`,
        entry: '/releases/mfe-admin/x/mf-manifest.json',
        expects: { react: '^19.1.0' },
      },
    }),
  },
  [`POST ${A}/releases/:remote/rollback`]: {
    admin: 200,
    request: () => ({ method: 'POST', url: `${A}/releases/mfe_admin/rollback`, payload: {} }),
  },
  [`GET ${A}/support`]: { admin: 200, request: () => ({ method: 'GET', url: `${A}/support` }) },
  [`PUT ${A}/support/:kind/:id/status`]: {
    admin: 200,
    request: (f) => ({
      method: 'PUT',
      url: `${A}/support/bug-reports/${f.bugReportId}/status`,
      payload: { status: 'triaged' },
    }),
  },
  'POST /api/account/admins': {
    admin: 200,
    request: (f) => ({ method: 'POST', url: '/api/account/admins', payload: { userId: f.target, admin: false } }),
  },
};

let world: AdminWorld;
let fixtures: Fixtures;

beforeAll(async () => {
  world = await startAdminWorld();
  const { stack, admin, call } = world;
  const target = await signedInUser(stack);
  const unconfirmed = await stack.admin.auth.admin.createUser({
    email: `unconfirmed.${next()}@example.com`,
    password: 'correct horse battery staple 42',
  });
  if (unconfirmed.error) throw unconfirmed.error;
  const company = await call(admin, {
    method: 'POST',
    url: `${A}/companies`,
    payload: { name: 'Matrix Seed', ownerEmail: target.email },
  });
  const bug = await call(world.user, {
    method: 'POST',
    url: '/api/support/bug-report',
    payload: { bugType: 'broken', description: 'Matrix seed' },
  });
  const db = stack.account.app.db;
  const email = await db.query<{ id: string }>(`SELECT id FROM account.outbox ORDER BY created_at LIMIT 1`);
  const failed = await db.query<{ id: string }>(
    `INSERT INTO account.outbox (template, recipient, status, attempts, last_error) VALUES ('test-email', 'bounce@example.com', 'failed', 8, '550 mailbox unavailable') RETURNING id`,
  );
  const items = [];
  for (const title of ['First', 'Second', 'Delete me'])
    items.push((await call(admin, { method: 'POST', url: `${A}/roadmap`, payload: { title } })).json());
  fixtures = {
    target: target.id,
    unconfirmed: unconfirmed.data.user!.id,
    companyId: company.json().companyId,
    emailId: email.rows[0].id,
    failedEmailId: failed.rows[0].id,
    roadmapIds: items.slice(0, 2).map((i) => i.id),
    deletableRoadmapId: items[2].id,
    bugReportId: bug.json().id,
  };
}, 60_000);

afterAll(async () => {
  await world?.stack.stop();
});

test('every admin route has a row, and every row is a registered admin route', () => {
  const registered = world.stack.account.app.adminRoutes;
  expect(registered.length).toBeGreaterThan(20);
  expect(registered.filter((route) => !(route in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !registered.includes(route))).toEqual([]);
});

test.each(Object.keys(MATRIX))('%s: admin, revoked admin, user, anonymous', async (route) => {
  const row = MATRIX[route];
  const { call, admin, revoked, user } = world;
  // Refusals first, so the admin's call (which may change things) runs last.
  const anonymous = await call(null, row.request(fixtures));
  expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'not_logged_in']);
  for (const refused of [revoked, user]) {
    const res = await call(refused, row.request(fixtures));
    expect(res.json()).toEqual({
      statusCode: 403,
      code: 'not_product_admin',
      message: 'Only product administrators can do this.',
    });
  }
  // The order must name every item, and the matrix adds some as it goes.
  if (route.includes('/roadmap/order'))
    fixtures.roadmapIds = (await call(admin, { method: 'GET', url: `${A}/roadmap` }))
      .json()
      .items.map((i: { id: string }) => i.id);
  const allowed = await call(admin, row.request(fixtures));
  expect({ route, status: allowed.statusCode, body: allowed.statusCode === row.admin ? null : allowed.body }).toEqual({
    route,
    status: row.admin,
    body: null,
  });
});
