import pg from 'pg';
import { createCompanyAs, startHarness, type Harness } from '../../support/harness';
import { preparedTenantRead } from '../../../src/tracking-plan/shared/prepared-read';
import { api, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let pool: pg.Pool;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  await api(h, world).create('events', { name: 'Prepared Read Event' });
  // One connection, so every read below reuses (and evicts) the same prepared statements.
  pool = new pg.Pool({ connectionString: h.config.DATABASE_URL, max: 1 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
  await h?.close();
});

const scope = () => ({ companyId: world.companyId, userId: world.owner.id });
const countEvents = (variant: number, companyId = world.companyId) =>
  preparedTenantRead<{ n: number }>(
    pool,
    scope(),
    '',
    `SELECT count(*)::int + ${variant} - ${variant} AS n FROM company.plan_events WHERE company_id = $1`,
    [companyId],
  );

test('prepared plan reads stay under the tenant, survive eviction past the per-connection limit and a failed read', async () => {
  expect(await countEvents(0)).toEqual([{ n: 1 }]);
  // Another company named in the values still reads only the tenant's rows (row security holds for prepared statements).
  const other = await createCompanyAs(h, world.owner);
  expect(await countEvents(0, other)).toEqual([{ n: 0 }]);

  for (let variant = 1; variant <= 70; variant += 1) expect(await countEvents(variant)).toEqual([{ n: 1 }]);
  expect(await countEvents(0)).toEqual([{ n: 1 }]);

  await expect(countEvents(0, 'not-a-uuid')).rejects.toThrow(/uuid/);
  expect(await countEvents(0)).toEqual([{ n: 1 }]);
});
