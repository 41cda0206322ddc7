import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { NATIVE_FORMAT, NATIVE_FORMAT_VERSION } from '@tracemap/contracts';
import { newInvitationToken } from '../src/invitations/invitation-token';
import { ACTORS, MATRIX, type Actor, type SeededCompany, type World } from './support/authorization-table';
import { SERVICE_TOKEN, startHarness, type Harness, type TestUser } from './support/harness';

/**
 * Every route × {owner, admin, creator, viewer, non-member, anonymous} ×
 * {own company, another company}. Each cell runs on freshly seeded
 * companies, so cells cannot affect each other. Non-members get 404 (never
 * 403) for another company's ids, exactly like ids that do not exist.
 * The table itself is in support/authorization-table.ts.
 */

let h: Harness;
const actors = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
let otherOwner: TestUser;
let otherMember: TestUser;
let ownMember: TestUser;

beforeAll(async () => {
  h = await startHarness();
  for (const actor of ['owner', 'admin', 'creator', 'viewer', 'nonMember'] as const) actors[actor] = await h.user();
  [otherOwner, otherMember, ownMember] = [await h.user(), await h.user(), await h.user()];
});
afterAll(async () => {
  await h?.close();
});

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

async function seedCompany(
  name: string,
  members: Array<[string, string]>,
  memberId: string,
  actorEmail: string | null,
): Promise<SeededCompany> {
  const id = randomUUID();
  await h.admin.query(`INSERT INTO company.companies (id, name, created_by) VALUES ($1, $2, $3)`, [
    id,
    name,
    members[0][0],
  ]);
  for (const [userId, role] of [...members, [memberId, 'viewer'] as [string, string]]) {
    await h.admin.query(`INSERT INTO company.memberships (company_id, user_id, role) VALUES ($1, $2, $3)`, [
      id,
      userId,
      role,
    ]);
  }
  const invite = async (email: string) => {
    const invitationId = randomUUID();
    const { token, hash } = newInvitationToken();
    await h.admin.query(
      `INSERT INTO company.invitations (id, company_id, email, first_name, last_name, role, token_hash, invited_by, expires_at, last_sent_at)
       VALUES ($1, $2, $3, 'I', 'J', 'viewer', $4, $5, now() + interval '1 day', now() - interval '1 hour')`,
      [invitationId, id, email, hash, members[0][0]],
    );
    return { invitationId, token };
  };
  const inviteeEmail = `invitee-${id.slice(0, 8)}@example.test`;
  const main = await invite(inviteeEmail);
  const forActor = actorEmail ? await invite(actorEmail) : null;
  const planIds = await seedPlan(id, name);
  const proposalId = await seedProposal(id, members[0][0]);
  return {
    id,
    name,
    memberId,
    invitationId: main.invitationId,
    invitationToken: main.token,
    inviteeEmail,
    actorInvitationId: forActor?.invitationId ?? null,
    proposalId,
    ...planIds,
  };
}

async function seedPlan(companyId: string, companyName: string) {
  const [attributeId, linkedId, eventId, viewId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const tag = companyName.split(' ').pop();
  const planNames = [`free_attr_${tag}`, `linked_attr_${tag}`, `Event ${tag}`, `View ${tag}`];
  await h.admin.query(
    `INSERT INTO company.plan_attributes (company_id, id, name, scope, type) VALUES ($1, $2, $4, 'event', 'string'), ($1, $3, $5, 'event', 'string')`,
    [companyId, attributeId, linkedId, planNames[0], planNames[1]],
  );
  await h.admin.query(`INSERT INTO company.plan_events (company_id, id, name) VALUES ($1, $2, $3)`, [
    companyId,
    eventId,
    planNames[2],
  ]);
  await h.admin.query(`INSERT INTO company.plan_views (company_id, id, name) VALUES ($1, $2, $3)`, [
    companyId,
    viewId,
    planNames[3],
  ]);
  await h.admin.query(
    `INSERT INTO company.plan_event_attributes (company_id, event_id, attribute_id, position, presence) VALUES ($1, $2, $3, 0, 'required')`,
    [companyId, eventId, linkedId],
  );
  await h.admin.query(
    `INSERT INTO company.plan_view_events (company_id, view_id, event_id, position) VALUES ($1, $2, $3, 0)`,
    [companyId, viewId, eventId],
  );
  const mapId = randomUUID();
  const mapName = `Map ${tag}`;
  await h.admin.query(`INSERT INTO company.maps (company_id, id, name) VALUES ($1, $2, $3)`, [
    companyId,
    mapId,
    mapName,
  ]);
  await h.admin.query(
    `INSERT INTO company.map_nodes (company_id, map_id, view_id, position, x, y) VALUES ($1, $2, $3, 0, 0, 0)`,
    [companyId, mapId, viewId],
  );
  await h.admin.query(
    `INSERT INTO company.map_attributes (company_id, map_id, attribute_id, position, presence) VALUES ($1, $2, $3, 0, 'optional')`,
    [companyId, mapId, linkedId],
  );
  return { attributeId, eventId, viewId, mapId, planNames: [...planNames, mapName, linkedId] };
}

/** Version 1 (an empty plan) and a proposal on it, with its own empty workspace. */
async function seedProposal(companyId: string, authorId: string): Promise<string> {
  const [proposalId, workspaceId] = [randomUUID(), randomUUID()];
  const empty = {
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    attributes: [],
    events: [],
    views: [],
    maps: [],
  };
  await h.admin.query(
    `INSERT INTO company.plan_versions (company_id, version, plan, created_by) VALUES ($1, 1, $2, $3)`,
    [companyId, JSON.stringify(empty), authorId],
  );
  await h.admin.query(
    `INSERT INTO company.companies (id, name, created_by, proposal_of) VALUES ($1, 'Workspace', $2, $3)`,
    [workspaceId, authorId, companyId],
  );
  await h.admin.query(
    `INSERT INTO company.proposals (id, company_id, workspace_id, name, status, author_id, base_version)
     VALUES ($1, $2, $3, 'Seeded proposal', 'ready_for_review', $4, 1)`,
    [proposalId, companyId, workspaceId, authorId],
  );
  return proposalId;
}

async function seedWorld(actor: Actor): Promise<World> {
  const user = actor === 'anonymous' ? null : actors[actor];
  const own = await seedCompany(
    `Alpha ${randomUUID().slice(0, 6)}`,
    [
      [actors.owner.id, 'owner'],
      [actors.admin.id, 'admin'],
      [actors.creator.id, 'creator'],
      [actors.viewer.id, 'viewer'],
    ],
    ownMember.id,
    user?.email ?? null,
  );
  const other = await seedCompany(
    `Bravo Secret ${randomUUID().slice(0, 6)}`,
    [[otherOwner.id, 'owner']],
    otherMember.id,
    null,
  );
  return { own, other, actor: user };
}

test('every registered route has a row in the matrix, and every row is a registered route', () => {
  const routes = registeredRoutes();
  expect(routes.length).toBeGreaterThan(10);
  const missing = routes.filter((route) => !(route in MATRIX));
  expect(missing).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
});

const cells = Object.keys(MATRIX).flatMap((route) =>
  (['own', 'other'] as const).flatMap((target) => ACTORS.map((actor, index) => ({ route, target, actor, index }))),
);

test(`authorization matrix: ${cells.length} cells answer as the table says and never show another company's data`, async () => {
  const failures: string[] = [];
  for (const { route, target, actor, index } of cells) {
    const row = MATRIX[route];
    const world = await seedWorld(actor);
    const response = await h.call(world.actor, row.request(world, target));
    const expected = row[target][index];
    if (response.statusCode !== expected) {
      failures.push(
        `${route} as ${actor} on ${target}: expected ${expected}, got ${response.statusCode} ${response.body}`,
      );
    }
    if (target === 'other' && row.revealsTargetById) continue;
    const foreign = [
      world.other.id,
      world.other.name,
      otherOwner.id,
      otherMember.id,
      world.other.invitationId,
      world.other.inviteeEmail,
      world.other.attributeId,
      world.other.eventId,
      world.other.viewId,
      world.other.mapId,
      ...world.other.planNames,
    ];
    const leaked = foreign.filter((marker) => response.body.includes(marker));
    if (leaked.length > 0)
      failures.push(`${route} as ${actor} on ${target}: response shows another company's data ${leaked.join(', ')}`);
  }
  expect(failures).toEqual([]);
  // Each cell seeds two companies with plans; hundreds of cells take longer than one test's default.
}, 600_000);

test("another company's plan ids under one's own company path answer 404 like unknown ids, for every plan route", async () => {
  const world = await seedWorld('owner');
  const paths: Array<[InjectOptions['method'], string, string, object?]> = [
    ['GET', `/attributes/${world.other.attributeId}`, 'attribute_not_found'],
    ['PATCH', `/attributes/${world.other.attributeId}`, 'attribute_not_found', { description: 'x' }],
    ['DELETE', `/attributes/${world.other.attributeId}`, 'attribute_not_found'],
    ['GET', `/attributes/${world.other.attributeId}/history`, 'attribute_not_found'],
    ['GET', `/events/${world.other.eventId}`, 'event_not_found'],
    ['PATCH', `/events/${world.other.eventId}`, 'event_not_found', { description: 'x' }],
    ['DELETE', `/events/${world.other.eventId}`, 'event_not_found'],
    ['GET', `/events/${world.other.eventId}/history`, 'event_not_found'],
    ['GET', `/events/${world.other.eventId}/schema`, 'event_not_found'],
    ['GET', `/events/${world.other.eventId}/effective-attributes`, 'event_not_found'],
    ['GET', `/views/${world.other.viewId}`, 'view_not_found'],
    ['PATCH', `/views/${world.other.viewId}`, 'view_not_found', { description: 'x' }],
    ['DELETE', `/views/${world.other.viewId}`, 'view_not_found'],
    ['GET', `/views/${world.other.viewId}/history`, 'view_not_found'],
    ['GET', `/maps/${world.other.mapId}`, 'map_not_found'],
    ['PATCH', `/maps/${world.other.mapId}`, 'map_not_found', { description: 'x' }],
    ['DELETE', `/maps/${world.other.mapId}`, 'map_not_found'],
    ['GET', `/maps/${world.other.mapId}/history`, 'map_not_found'],
  ];
  for (const [method, path, code, payload] of paths) {
    const response = await h.call(actors.owner, {
      method,
      url: `/api/company/${world.own.id}${path}`,
      ...(payload ? { payload } : {}),
    });
    expect({ path, method, status: response.statusCode, code: response.json().code }).toEqual({
      path,
      method,
      status: 404,
      code,
    });
  }
  // Ids in bodies: links to another company's entities are refused as unknown, never stored.
  const linked = await h.call(actors.owner, {
    method: 'POST',
    url: `/api/company/${world.own.id}/views`,
    payload: {
      name: 'Cross',
      events: [{ eventId: world.other.eventId }],
      attributes: [{ attributeId: world.other.attributeId, presence: 'required' }],
    },
  });
  expect(linked.statusCode).toBe(400);
  const { rows } = await h.admin.query(`SELECT count(*)::int AS n FROM company.plan_views WHERE company_id = $1`, [
    world.own.id,
  ]);
  expect(rows[0].n).toBe(1);
});

test('the internal route opens with the service token, for the matrix above is only about user credentials', async () => {
  const world = await seedWorld('owner');
  const response = await h.app.inject({
    method: 'GET',
    url: `/internal/users/${actors.owner.id}/companies`,
    headers: { 'x-service-token': SERVICE_TOKEN },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().companies).toContainEqual({ id: world.own.id, name: world.own.name, role: 'owner' });
  expect(response.body).not.toContain(world.other.id);
});
