import { randomUUID } from 'node:crypto';
import { createCompanyAs, startHarness, type Harness } from '../../support/harness';
import { api, planCounts, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
});
afterAll(async () => {
  await h?.close();
});

const unique = (name: string) => `${name}_${randomUUID().slice(0, 6)}`;
const HOSTILE_VALUE = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';
const CSV_HEADER =
  'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags';
/** A CSV cell holding a regex validation's JSON. */
const patternCell = (pattern: string) => `"${JSON.stringify({ pattern }).replace(/"/g, '""')}"`;

const setRule = (rule: string, severity: 'warning' | 'error') =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules: { [rule]: severity } },
  });

/** Answers once some backend of this test database waits for a row lock; gives up at the deadline. */
async function someoneWaitsForALock(deadline = Date.now() + 20_000): Promise<void> {
  while (Date.now() < deadline) {
    const { rows } = await h.admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
  }
  throw new Error('no request came to wait for the held lock');
}

test('an attribute pattern with a backreference is refused with 400 naming the pattern, and nothing is written', async () => {
  const before = await planCounts(h, world.companyId);
  const refused = await plan.post('/attributes', {
    name: unique('doubled'),
    validation: { kind: 'regex', pattern: '(a)\\1' },
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({
    statusCode: 400,
    code: 'validation_failed',
    message: 'validation: The pattern "(a)\\1" uses a backreference, which RE2 syntax does not support.',
  });
  const lookaround = await plan.post('/attributes', {
    name: unique('guarded'),
    validation: { kind: 'regex', pattern: '^(?!x)[a-z]+$' },
  });
  expect(lookaround.statusCode).toBe(400);
  expect(lookaround.json().message).toBe(
    'validation: The pattern "^(?!x)[a-z]+$" uses lookaround, which RE2 syntax does not support.',
  );
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('an event override with a backreference is refused with 400 naming the pattern, and nothing is written', async () => {
  const code = await plan.create('attributes', {
    name: unique('code'),
    validation: { kind: 'regex', pattern: '^[a-z]+$' },
  });
  const before = await planCounts(h, world.companyId);
  const refused = await plan.post('/events', {
    name: unique('Code Entered'),
    attributes: [
      { attributeId: code.id, presence: 'required', validationOverride: { kind: 'regex', pattern: '(a)\\1' } },
    ],
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({
    statusCode: 400,
    code: 'validation_failed',
    message: `attributes: the override of "${code.name}" is not valid: The pattern "(a)\\1" uses a backreference, which RE2 syntax does not support.`,
  });
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('a hostile attribute pattern saves, and an override checked against it is answered, refused by lint with the value named', async () => {
  const nested = await plan.create('attributes', {
    name: unique('nested'),
    validation: { kind: 'regex', pattern: '(a+)+$' },
  });
  expect(nested.validation).toEqual({ kind: 'regex', pattern: '(a+)+$' });
  const before = await planCounts(h, world.companyId);
  const refused = await plan.post('/events', {
    name: unique('Nested Sent'),
    attributes: [
      { attributeId: nested.id, presence: 'required', validationOverride: { kind: 'enum', values: [HOSTILE_VALUE] } },
    ],
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ code: 'lint_failed' });
  expect(refused.json().findings).toEqual([
    expect.objectContaining({
      rule: 'narrowing-override',
      message: expect.stringContaining(
        `The value "${HOSTILE_VALUE}" is not allowed by the attribute’s regex validation.`,
      ),
    }),
  ]);
  expect(await planCounts(h, world.companyId)).toEqual(before);
  const fits = await plan.post('/events', {
    name: unique('Nested Fits'),
    attributes: [
      { attributeId: nested.id, presence: 'required', validationOverride: { kind: 'const', const: 'baaaa' } },
    ],
  });
  expect(fits.statusCode).toBe(201);
});

test('another company’s request completes while a save checked against a hostile pattern is still in flight', async () => {
  const nested = await plan.create('attributes', {
    name: unique('nested_flight'),
    validation: { kind: 'regex', pattern: '(a+)+$' },
  });
  // With the rule a warning the save goes past lint to its insert, where the name held below makes it wait.
  expect((await setRule('narrowing-override', 'warning')).statusCode).toBe(200);
  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const name = unique('Hostile Flight');
  const holder = await h.admin.connect();
  const order: string[] = [];
  try {
    await holder.query('BEGIN');
    await holder.query(`INSERT INTO company.plan_events (company_id, id, name) VALUES ($1, $2, $3)`, [
      world.companyId,
      randomUUID(),
      name,
    ]);
    const hostileSave = plan
      .post('/events', {
        name,
        attributes: [
          {
            attributeId: nested.id,
            presence: 'required',
            validationOverride: { kind: 'enum', values: [HOSTILE_VALUE] },
          },
        ],
      })
      .then((response) => {
        order.push('hostile save');
        return response;
      });
    await someoneWaitsForALock();
    const other = await h.call(otherOwner, { method: 'GET', url: `/api/company/${otherCompany}/events` });
    order.push('other company');
    expect(other.statusCode).toBe(200);
    await holder.query('ROLLBACK');
    const saved = await hostileSave;
    expect(saved.statusCode).toBe(201);
    expect(order).toEqual(['other company', 'hostile save']);
  } finally {
    holder.release();
    await setRule('narrowing-override', 'error');
  }
});

test('CSV import: rows with a hostile pattern import; a row with a backreference is refused naming row and pattern, and nothing is written', async () => {
  const hostileName = unique('csv_nested');
  const good = [
    CSV_HEADER,
    `Csv Nested Sent,Sends it,track,${hostileName},event,string,true,false,regex,${patternCell('(a+)+$')},,true,,`,
  ].join('\n');
  const imported = await h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${world.companyId}/tracking-plan/import?format=csv&dryRun=false`,
    headers: { 'content-type': 'text/csv' },
    payload: good,
  });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().added.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)).toContain(
    `attribute:${hostileName}`,
  );

  const before = await planCounts(h, world.companyId);
  const doubled = unique('csv_doubled');
  const bad = [
    CSV_HEADER,
    `Csv Plain Sent,Sends it,track,${unique('csv_plain')},event,string,true,false,regex,${patternCell('(x+x+)+y')},,true,,`,
    `Csv Doubled Sent,Sends it,track,${doubled},event,string,true,false,regex,${patternCell('(a)\\1')},,true,,`,
  ].join('\n');
  const refused = await h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${world.companyId}/tracking-plan/import?format=csv&dryRun=false`,
    headers: { 'content-type': 'text/csv' },
    payload: bad,
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ code: 'import_rejected', applied: false });
  expect(refused.json().rejected).toEqual([
    expect.objectContaining({
      row: 3,
      reason: `The validation of “${doubled}” is not valid: The pattern "(a)\\1" uses a backreference, which RE2 syntax does not support.`,
    }),
  ]);
  expect(await planCounts(h, world.companyId)).toEqual(before);
});
