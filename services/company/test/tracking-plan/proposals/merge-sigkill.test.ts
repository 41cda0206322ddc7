import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from '../../support/harness';
import { api, body, planWorld, type PlanWorld } from '../plan-support';

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

const ROOT = path.join(__dirname, '..', '..', '..');

test('a merge killed (SIGKILL) after writing the live plan but before its version commits leaves nothing behind', async () => {
  const kept = await plan.create('events', { name: 'Kept Event', description: 'before' });
  const dropped = await plan.create('events', { name: 'Dropped Event' });
  const open = await plan.post('/proposals', { name: 'Killed merge' });
  const id = body(open).id;
  const q = `?proposal=${id}`;
  expect((await plan.patch(`/events/${kept.id}${q}`, { description: 'after' })).statusCode).toBe(200);
  expect((await plan.delete(`/events/${dropped.id}${q}`)).statusCode).toBe(204);
  expect((await plan.post(`/events${q}`, { name: 'New Event' })).statusCode).toBe(201);
  const exportLive = async () => (await plan.get('/tracking-plan/export')).body;
  const before = await exportLive();
  const versionsBefore = body(await plan.get('/plan-versions')).items.length;

  // Holding this lock stops the merge at its version row, after it wrote the live plan's rows.
  const blocker = new pg.Client({ connectionString: h.database.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE company.plan_versions IN SHARE MODE');

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support', 'merge-child.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: h.database.url,
      COMPANY_ID: world.companyId,
      USER_ID: world.owner.id,
      PROPOSAL_ID: id,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waiting = async () =>
    (
      await h.admin.query<{ pid: number; wrote: boolean }>(
        `SELECT a.pid,
                EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.relation = 'company.plan_events'::regclass
                          AND l.mode = 'RowExclusiveLock' AND l.granted) AS wrote
           FROM pg_stat_activity a
          WHERE a.wait_event_type = 'Lock' AND a.query LIKE 'INSERT INTO company.plan_versions%'`,
      )
    ).rows[0];
  await waitFor(async () => (await waiting()) !== undefined, {
    timeoutMs: 30_000,
    intervalMs: 50,
    message: () => `merge reaching its version row: ${stderr}`,
  });
  const stuck = (await waiting())!;
  // It is between operations: the live plan's rows are written (uncommitted), the version is not.
  expect(stuck.wrote).toBe(true);

  child.kill('SIGKILL');
  await exited;
  await blocker.query('ROLLBACK');
  await blocker.end();
  await waitFor(
    async () => (await h.admin.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [stuck.pid])).rows.length === 0,
    { timeoutMs: 30_000, intervalMs: 50, message: () => 'the killed merge’s connection to end' },
  );

  expect(await exportLive()).toBe(before);
  expect(body(await plan.get('/plan-versions')).items).toHaveLength(versionsBefore);
  expect(body(await plan.get(`/proposals/${id}`)).status).toBe('draft');
  const history = await h.admin.query(`SELECT count(*)::int AS n FROM company.plan_history WHERE proposal_id = $1`, [
    id,
  ]);
  expect(history.rows[0].n).toBe(0);

  // Merged again, whole.
  expect((await plan.post(`/proposals/${id}/merge`, {})).statusCode).toBe(200);
  const names = body(await plan.get('/events')).items.map((e: { name: string }) => e.name);
  expect(names).toEqual(expect.arrayContaining(['Kept Event', 'New Event']));
  expect(names).not.toContain('Dropped Event');
  expect(body(await plan.get(`/events/${kept.id}`)).description).toBe('after');
}, 120_000);
