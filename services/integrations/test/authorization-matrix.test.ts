import { randomUUID } from 'node:crypto';
import { ACTORS, MATRIX, type Actor, type SeededCompany, type World } from './support/authorization-table';
import { startHarness, type Harness, type TestUser } from './support/harness';
import { registeredRoutes } from './support/registered-routes';
import { LOCAL_DESTINATIONS as L } from '@tracemap/destinations-sandbox';
import { samplePlan } from './destinations/destinations-fixtures';

/**
 * Every route × {owner, admin, creator, viewer, non-member, anonymous} × {own company,
 * another company}. Each cell runs on freshly seeded companies, so cells cannot affect each
 * other. Non-members get 404 (never 403), exactly like a company that does not exist, and no
 * answer ever shows the other company's Slack. The table is in support/authorization-table.ts.
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

async function seedCompany(tag: string, members: Array<[TestUser, 'owner' | 'admin' | 'creator' | 'viewer']>) {
  const id = randomUUID();
  for (const [user, role] of members) h.peer.setRole(id, user.id, role);
  const teamName = `Team ${tag} ${id.slice(0, 8)}`;
  const channelName = `channel-${tag.toLowerCase()}-${id.slice(0, 8)}`;
  const token = h.deps.secrets!.seal(`xoxb-${tag}-${id}`, `slack-token:${id}`);
  await h.admin.query(
    `INSERT INTO integrations.slack_installations
       (company_id, status, team_id, team_name, channel_id, channel_name, bot_token, installed_by)
     VALUES ($1, 'connected', $2, $3, 'C0SEEDED', $4, $5, $6)`,
    [id, `T${tag}`, teamName, channelName, token, members[0][0].id],
  );
  const subscriptionId = randomUUID();
  await h.admin.query(
    `INSERT INTO integrations.slack_subscriptions (id, company_id, channel_id, channel_name, kinds)
     VALUES ($1, $2, 'C0SEEDED', $3, '{plan_changed}')`,
    [subscriptionId, id, channelName],
  );
  h.peer.plans.set(id, samplePlan());
  const destinationId = randomUUID();
  const destinationName = `Segment ${tag} ${id.slice(0, 8)}`;
  const credentials = h.deps.secrets!.seal(
    JSON.stringify({ kind: 'segment', token: L.segment.token }),
    `destination-credentials:${destinationId}`,
  );
  await h.admin.query(
    `INSERT INTO integrations.destinations (id, company_id, kind, name, settings, credentials, created_by)
     VALUES ($1, $2, 'segment', $3, $4, $5, $6)`,
    [
      destinationId,
      id,
      destinationName,
      { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials,
      members[0][0].id,
    ],
  );
  const runId = randomUUID();
  const setId = randomUUID();
  await h.admin.query(
    `INSERT INTO integrations.destination_sync_sets (id, company_id, requested_by, finished_at) VALUES ($1, $2, $3, now())`,
    [setId, id, members[0][0].id],
  );
  await h.admin.query(
    `INSERT INTO integrations.destination_runs (id, company_id, destination_id, set_id, status, requested_by, finished_at)
     VALUES ($1, $2, $3, $4, 'succeeded', $5, now())`,
    [runId, id, destinationId, setId, members[0][0].id],
  );
  return {
    id,
    teamName,
    channelName,
    subscriptionId,
    destinationId,
    destinationName,
    runId,
    setId,
  } satisfies SeededCompany;
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
  const routes = registeredRoutes(h.app);
  expect(routes.length).toBeGreaterThan(5);
  expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
});

const cells = Object.keys(MATRIX).flatMap((route) =>
  (['own', 'other'] as const).flatMap((target) => ACTORS.map((actor, index) => ({ route, target, actor, index }))),
);

test(
  `authorization matrix: ${cells.length} cells answer as the table says and never show another company's Slack`,
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
      for (const secret of [
        world.other.teamName,
        world.other.channelName,
        world.other.destinationName,
        'xoxb-',
        L.segment.token,
      ])
        if (response.body.includes(secret)) failures.push(`${route} as ${actor} on ${target} shows ${secret}`);
    }
    expect(failures).toEqual([]);
  },
  cells.length * 500,
);

test("another company's subscription under one's own company path answers 404 and changes nothing", async () => {
  const world = await seedWorld();
  const own = (path: string) => `/api/integrations/${world.own.id}/slack${path}`;
  for (const attempt of [
    {
      method: 'PATCH' as const,
      url: own(`/subscriptions/${world.other.subscriptionId}`),
      payload: { kinds: ['map_shared'] },
    },
    { method: 'DELETE' as const, url: own(`/subscriptions/${world.other.subscriptionId}`) },
  ]) {
    const response = await h.call(actors.owner, attempt);
    expect({ url: attempt.url, status: response.statusCode }).toEqual({ url: attempt.url, status: 404 });
  }
  const { rows } = await h.admin.query(`SELECT kinds FROM integrations.slack_subscriptions WHERE id = $1`, [
    world.other.subscriptionId,
  ]);
  expect(rows).toEqual([{ kinds: ['plan_changed'] }]);
});
