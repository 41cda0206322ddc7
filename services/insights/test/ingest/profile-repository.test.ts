import { randomUUID } from 'node:crypto';
import { emptyProfile, SHAPES_WITH_EXAMPLES_MAX, type ProfileDelta, type ProfileExample } from '@tracemap/discovery';
import { addToProfile, readProfile } from '../../src/ingest/profile-repository';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { createIngestDatabase, type IngestDatabase } from './support/ingest-database';

let db: IngestDatabase;
beforeAll(async () => {
  db = await createIngestDatabase();
});
afterAll(async () => {
  await db.close();
});

function shape(id: string, count: number, examples: Record<string, unknown>[] = []): ProfileExample {
  return {
    sourceId: 'web',
    event: 'Order Completed',
    kind: 'track',
    shape: id,
    paths: [`${id}:string`],
    count,
    examples,
  };
}

const withExamples = (...examples: ProfileExample[]): ProfileDelta => ({ ...emptyProfile(), examples });

describe('adding deltas to the stored profile', () => {
  it('counts a stored shape that brings no new example in place, and stores a new one whole', async () => {
    const company = randomUUID();
    const add = (delta: ProfileDelta) => inCompany(db.pool, company, (client) => addToProfile(client, company, delta));
    await add(withExamples(shape('a', 5, [{ id: '<string>' }, { id: 'gold' }])));
    // The usual batch after the first: counts only, for a shape stored before and for one never seen.
    await add(withExamples(shape('a', 3), shape('b', 2)));
    await add(withExamples(shape('a', 1, [{ id: 'silver' }]), shape('b', 4)));

    const stored = await inCompany(db.pool, company, (client) => readProfile(client));
    expect(stored.examples).toEqual([
      shape('a', 9, [{ id: '<string>' }, { id: 'gold' }, { id: 'silver' }]),
      shape('b', 6),
    ]);
    const { rows } = await db.pool.query<{ shape: string; total: string }>(
      `SELECT shape, total FROM insights.profile_examples WHERE company_id = $1 ORDER BY shape`,
      [company],
    );
    expect(rows).toEqual([
      { shape: 'a', total: '9' },
      { shape: 'b', total: '6' },
    ]);
  });

  it(`keeps at most ${SHAPES_WITH_EXAMPLES_MAX} shapes of an event across batches, still counting the stored ones`, async () => {
    const company = randomUUID();
    const add = (delta: ProfileDelta) => inCompany(db.pool, company, (client) => addToProfile(client, company, delta));
    const first = Array.from({ length: SHAPES_WITH_EXAMPLES_MAX - 1 }, (_, i) =>
      shape(`s${i}`, 1, [{ id: '<string>' }]),
    );
    await add(withExamples(...first));
    // A thread that forgot the event offers its shapes again as new ones: one fits, the rest do not.
    await add(withExamples(shape('s0', 2), shape('new-1', 1, [{ id: 'x' }]), shape('new-2', 1), shape('new-3', 1)));
    const { rows } = await db.pool.query<{ shape: string; total: string }>(
      `SELECT shape, total FROM insights.profile_examples WHERE company_id = $1`,
      [company],
    );
    expect(rows).toHaveLength(SHAPES_WITH_EXAMPLES_MAX);
    expect(rows.find((r) => r.shape === 's0')?.total).toBe('3');
    expect(rows.filter((r) => r.shape.startsWith('new-')).map((r) => r.shape)).toEqual(['new-1']);
  });

  it('leaves the shapes of another company alone when counting in place', async () => {
    const [one, other] = [randomUUID(), randomUUID()];
    const add = (company: string, delta: ProfileDelta) =>
      inCompany(db.pool, company, (client) => addToProfile(client, company, delta));
    await add(one, withExamples(shape('a', 5)));
    await add(other, withExamples(shape('a', 7)));
    await add(one, withExamples(shape('a', 1)));
    const count = async (company: string) =>
      (await inCompany(db.pool, company, (client) => readProfile(client))).examples.map((e) => e.count);
    expect(await count(one)).toEqual([6]);
    expect(await count(other)).toEqual([7]);
  });
});
