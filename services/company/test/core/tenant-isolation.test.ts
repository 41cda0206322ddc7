import { tenantTransaction } from '../../src/core/tenant';
import { addMember, createCompanyAs, startHarness, type Harness, type TestUser } from '../support/harness';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let companyA: string;
let companyB: string;

const TENANT_TABLES = ['companies', 'memberships', 'invitations', 'audit_log', 'idempotency_keys'];

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user();
  bob = await h.user();
  companyA = await createCompanyAs(h, alice, 'Alpha');
  companyB = await createCompanyAs(h, bob, 'Bravo');
  await addMember(h, companyA, bob.id, 'viewer');
  for (const [user, companyId] of [
    [alice, companyA],
    [bob, companyB],
  ] as const) {
    const invited = await h.call(user, {
      method: 'POST',
      url: '/api/company/invite',
      payload: {
        companyId,
        email: `someone-${companyId.slice(0, 4)}@example.test`,
        firstName: 'S',
        lastName: 'O',
        role: 'viewer',
      },
      headers: { 'idempotency-key': `k-${companyId}` },
    });
    expect(invited.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await h?.close();
});

/** Runs one query as the app role, with exactly the settings given (none = no tenant). */
async function asAppRole(sql: string, settings: Record<string, string> = {}) {
  const client = await h.admin.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE company_app');
    for (const [name, value] of Object.entries(settings))
      await client.query(`SELECT set_config($1, $2, true)`, [name, value]);
    return (await client.query(sql)).rows;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

test('every company-scoped table has rows, yet the app role with no tenant set reads none of them', async () => {
  for (const table of TENANT_TABLES) {
    const all = (await h.admin.query(`SELECT count(*)::int AS n FROM company.${table}`)).rows[0].n;
    expect(all).toBeGreaterThan(0);
    const seen = await asAppRole(`SELECT * FROM company.${table}`);
    expect({ table, rows: seen.length }).toEqual({ table, rows: 0 });
  }
});

test('with a tenant set, the app role sees that company only', async () => {
  const settings = { 'app.company_id': companyA };
  expect((await asAppRole(`SELECT id FROM company.companies`, settings)).map((r) => r.id)).toEqual([companyA]);
  for (const table of ['memberships', 'invitations', 'audit_log']) {
    const rows = await asAppRole(`SELECT DISTINCT company_id FROM company.${table}`, settings);
    expect(rows.map((r) => r.company_id)).toEqual([companyA]);
  }
});

test('the app role cannot write rows for another tenant', async () => {
  await expect(
    asAppRole(
      `INSERT INTO company.memberships (company_id, user_id, role) VALUES ('${companyB}', '${alice.id}', 'owner')`,
      {
        'app.company_id': companyA,
      },
    ),
  ).rejects.toThrow(/row-level security/);
  const updated = await asAppRole(`UPDATE company.companies SET name = 'pwned' WHERE id = '${companyB}' RETURNING id`, {
    'app.company_id': companyA,
  });
  expect(updated).toEqual([]);
  expect((await h.admin.query(`SELECT name FROM company.companies WHERE id = $1`, [companyB])).rows[0].name).toBe(
    'Bravo',
  );
});

test('across companies a user reads only their own memberships and companies', async () => {
  const settings = { 'app.user_id': bob.id };
  const memberships = await asAppRole(
    `SELECT company_id, user_id FROM company.memberships ORDER BY company_id`,
    settings,
  );
  expect(memberships.every((m) => m.user_id === bob.id)).toBe(true);
  expect(memberships.map((m) => m.company_id).sort()).toEqual([companyA, companyB].sort());
  const companies = await asAppRole(`SELECT id FROM company.companies`, settings);
  expect(companies.map((c) => c.id).sort()).toEqual([companyA, companyB].sort());
  expect(await asAppRole(`SELECT * FROM company.invitations`, settings)).toEqual([]);
  expect(await asAppRole(`SELECT * FROM company.audit_log`, settings)).toEqual([]);
});

test('the app role is not the owner, cannot bypass RLS, and RLS is enabled and forced on every tenant table', async () => {
  const role = (await h.admin.query(`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'company_app'`))
    .rows[0];
  expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  const tables = await h.admin.query(
    `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner) AS owner
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'company' AND c.relname = ANY($1)`,
    [TENANT_TABLES],
  );
  expect(tables.rows).toHaveLength(TENANT_TABLES.length);
  for (const table of tables.rows) {
    expect(table).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    expect(table.owner).not.toBe('company_app');
  }
});

test('the service itself queries as the app role with the tenant set per transaction', async () => {
  const seen = await tenantTransaction(h.app.db, { companyId: companyA, userId: alice.id }, async (client) => {
    const { rows } = await client.query(
      `SELECT current_user AS "user", current_setting('app.company_id', true) AS company, current_setting('app.user_id', true) AS "userId"`,
    );
    return rows[0];
  });
  expect(seen).toEqual({ user: 'company_app', company: companyA, userId: alice.id });
  // Transaction-local: nothing is left on the (possibly shared) session afterwards.
  const after = await h.app.db.query(
    `SELECT current_user AS "user", coalesce(current_setting('app.company_id', true), '') AS company`,
  );
  expect(after.rows[0]).toEqual({ user: expect.not.stringMatching(/^company_app$/), company: '' });
});
