import { randomUUID } from 'node:crypto';
import { newIngestKey } from '../src/sources/ingest-key';
import { ACTORS, MATRIX, type Actor, type SeededCompany, type World } from './support/authorization-table';
import { startHarness, type Harness, type TestUser } from './support/harness';

/**
 * Every route × {owner, admin, creator, viewer, non-member, anonymous} × {own company,
 * another company}. Each cell runs on freshly seeded companies, so cells cannot affect each
 * other. Non-members get 404 (never 403), exactly like a company that does not exist, and no
 * answer ever shows the other company's data. The table is in support/authorization-table.ts.
 */

let h: Harness;
const actors = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
let otherOwner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  for (const actor of ['owner', 'admin', 'creator', 'viewer', 'nonMember'] as const) actors[actor] = await h.user();
  otherOwner = await h.user();
});
afterAll(() => h?.close());

/** Every method and full path in Fastify's route tree, whose nested lines hold only the rest of a path. */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of h.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match.index / 4);
    prefixes.length = depth;
    const path = `${prefixes.join('')}${match[1]}`;
    prefixes.push(match[1]);
    for (const method of match[2].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

async function seedCompany(tag: string, members: Array<[TestUser, 'owner' | 'admin' | 'creator' | 'viewer']>) {
  const id = randomUUID();
  for (const [user, role] of members) h.peer.setRole(id, user.id, role);
  // An empty plan, so routes that read the plan answer rather than find no company.
  h.peer.snapshots.set(id, {
    companyId: id,
    version: '1',
    generatedAt: new Date(0).toISOString(),
    attributeInheritance: true,
    attributes: [],
    events: [],
    views: [],
    maps: [],
  });
  const sourceId = randomUUID();
  const sourceName = `Source ${tag} ${id.slice(0, 8)}`;
  const key = newIngestKey();
  await h.admin.query(
    `INSERT INTO insights.sources (id, company_id, kind, name, format, ingest_key_hash, ingest_key_prefix)
     VALUES ($1, $2, 'collector', $3, 'segment', $4, $5)`,
    [sourceId, id, sourceName, key.hash, key.prefix],
  );
  const runId = randomUUID();
  await h.admin.query(
    `INSERT INTO insights.runs (id, company_id, source_id, requested_format, format, content_type, file_name, status)
     VALUES ($1, $2, $3, 'segment', 'segment', 'application/x-ndjson', $4, 'succeeded')`,
    [runId, id, sourceId, `run-${tag}.ndjson`],
  );
  return { id, sourceId, sourceName, ingestKey: key.key, runId } satisfies SeededCompany;
}

async function seedWorld(): Promise<World> {
  const own = await seedCompany('Alpha', [
    [actors.owner, 'owner'],
    [actors.admin, 'admin'],
    [actors.creator, 'creator'],
    [actors.viewer, 'viewer'],
  ]);
  const other = await seedCompany('Bravo', [[otherOwner, 'owner']]);
  return { own, other };
}

test('every registered route has a row in the matrix, and every row is a registered route', () => {
  const routes = registeredRoutes();
  expect(routes.length).toBeGreaterThan(5);
  expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
});

const cells = Object.keys(MATRIX).flatMap((route) =>
  (['own', 'other'] as const).flatMap((target) => ACTORS.map((actor, index) => ({ route, target, actor, index }))),
);

test(
  `authorization matrix: ${cells.length} cells answer as the table says and never show another company's data`,
  async () => {
    const failures: string[] = [];
    for (const { route, target, actor, index } of cells) {
      const world = await seedWorld();
      const options = MATRIX[route].request(world, target);
      const user = actor === 'anonymous' ? null : actors[actor];
      const response = await h.call(user, options);
      const expected = MATRIX[route][target][index];
      if (response.statusCode !== expected)
        failures.push(
          `${route} as ${actor} on ${target}: ${response.statusCode} (expected ${expected}) ${response.body}`,
        );
      // The other company's data never appears, whatever the answer.
      for (const secret of [world.other.sourceName, world.other.ingestKey, `run-Bravo`])
        if (response.body.includes(secret)) failures.push(`${route} as ${actor} on ${target} shows ${secret}`);
    }
    expect(failures).toEqual([]);
    // Each cell seeds two companies: the time grows with the table.
  },
  cells.length * 500,
);

test("another company's ids under one's own company path answer 404 like unknown ids, and change nothing", async () => {
  const world = await seedWorld();
  const own = (path: string) => `/api/insights/${world.own.id}/discovery${path}`;
  const { other } = world;
  const attempts = [
    { method: 'DELETE' as const, url: own(`/sources/${other.sourceId}`) },
    { method: 'POST' as const, url: own(`/sources/${other.sourceId}/rotate-key`) },
    { method: 'GET' as const, url: own(`/runs/${other.runId}`) },
    { method: 'POST' as const, url: own(`/runs/${other.runId}/cancel`) },
  ];
  for (const attempt of attempts) {
    const response = await h.call(actors.owner, attempt);
    expect({ ...attempt, status: response.statusCode }).toEqual({ ...attempt, status: 404 });
    expect(response.body).not.toContain(other.sourceName);
  }
  const { rows } = await h.admin.query(`SELECT ingest_key_prefix FROM insights.sources WHERE id = $1`, [
    other.sourceId,
  ]);
  expect(other.ingestKey.startsWith(rows[0].ingest_key_prefix)).toBe(true);
});
