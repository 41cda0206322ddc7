import { createCompanyAs, startHarness, type Harness } from '../../support/harness';

/** Row security on the plan tables, as the app role: the second layer behind the access gate. */
let h: Harness;
let companyA: string;
let companyB: string;

const PLAN_TABLES = [
  'plan_attributes',
  'plan_events',
  'plan_views',
  'plan_event_attributes',
  'plan_view_attributes',
  'plan_view_events',
  'plan_event_link_arrays',
  'plan_view_link_arrays',
  'plan_history',
];

beforeAll(async () => {
  h = await startHarness();
  const [alice, bob] = [await h.user(), await h.user()];
  companyA = await createCompanyAs(h, alice, 'Alpha');
  companyB = await createCompanyAs(h, bob, 'Bravo');
  for (const [user, companyId] of [
    [alice, companyA],
    [bob, companyB],
  ] as const) {
    const call = (url: string, payload: object) =>
      h.call(user, { method: 'POST', url: `/api/company/${companyId}${url}`, payload });
    const attribute = (await call('/attributes', { name: 'shared_name' })).json();
    const viewAttribute = (await call('/attributes', { name: 'area', scope: 'view' })).json();
    const event = (
      await call('/events', { name: 'Same Event', attributes: [{ attributeId: attribute.id, presence: 'required' }] })
    ).json();
    const view = await call('/views', {
      name: 'Same View',
      attributes: [{ attributeId: viewAttribute.id, presence: 'optional' }],
      events: [{ eventId: event.id }],
    });
    expect(view.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await h?.close();
});

async function asAppRole(sql: string, settings: Record<string, string> = {}, params: unknown[] = []) {
  const client = await h.admin.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE company_app');
    for (const [name, value] of Object.entries(settings))
      await client.query(`SELECT set_config($1, $2, true)`, [name, value]);
    return (await client.query(sql, params)).rows;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

test('with no tenant set the app role reads no plan rows; with one, only that company', async () => {
  for (const table of PLAN_TABLES) {
    const all = (await h.admin.query(`SELECT count(DISTINCT company_id)::int AS n FROM company.${table}`)).rows[0].n;
    expect({ table, companies: all }).toEqual({ table, companies: 2 });
    expect({ table, rows: (await asAppRole(`SELECT * FROM company.${table}`)).length }).toEqual({ table, rows: 0 });
    const seen = await asAppRole(`SELECT DISTINCT company_id FROM company.${table}`, { 'app.company_id': companyA });
    expect({ table, seen: seen.map((r) => r.company_id) }).toEqual({ table, seen: [companyA] });
  }
});

test("the app role cannot write into another company's plan, even by naming it", async () => {
  const attempt = asAppRole(
    `INSERT INTO company.plan_attributes (company_id, id, name, scope, type) VALUES ($1, gen_random_uuid(), 'sneaky', 'event', 'string')`,
    { 'app.company_id': companyA },
    [companyB],
  );
  await expect(attempt).rejects.toThrow(/row-level security/);
  const updated = await asAppRole(
    `UPDATE company.plan_events SET name = 'Taken Over' WHERE company_id = $1 RETURNING id`,
    { 'app.company_id': companyA },
    [companyB],
  );
  expect(updated).toEqual([]);
});

test('the same names and ids may exist in two companies: keys and unique names are per company', async () => {
  const { rows } = await h.admin.query(
    `SELECT company_id, name FROM company.plan_events WHERE name = 'Same Event' ORDER BY company_id`,
  );
  expect(rows.map((r) => r.company_id).sort()).toEqual([companyA, companyB].sort());
  const eventId = (await h.admin.query(`SELECT id FROM company.plan_events WHERE company_id = $1`, [companyA])).rows[0]
    .id;
  // An imported file may carry ids another tenant already uses: the key is (company_id, id).
  await h.admin.query(`INSERT INTO company.plan_events (company_id, id, name) VALUES ($1, $2, 'Copied Id')`, [
    companyB,
    eventId,
  ]);
  const both = await h.admin.query(`SELECT count(*)::int AS n FROM company.plan_events WHERE id = $1`, [eventId]);
  expect(both.rows[0].n).toBe(2);
});
