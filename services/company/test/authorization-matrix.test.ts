import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { newInvitationToken } from '../src/lib/tokens';
import { SERVICE_TOKEN, startHarness, type Harness, type TestUser } from './support/harness';

/**
 * Every route × {owner, admin, creator, viewer, non-member, anonymous} ×
 * {own company, another company}. Each cell runs on freshly seeded
 * companies, so cells cannot affect each other. Non-members get 404 (never
 * 403) for another company's ids, exactly like ids that do not exist.
 */

const ACTORS = ['owner', 'admin', 'creator', 'viewer', 'nonMember', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];
type Target = 'own' | 'other';
/** Expected status per actor, in the order of ACTORS. */
type Row = readonly [number, number, number, number, number, number];

interface World {
  /** The company the role actors belong to. */
  own: SeededCompany;
  /** A company none of the actors belongs to. */
  other: SeededCompany;
  actor: TestUser | null;
}

interface SeededCompany {
  id: string;
  name: string;
  memberId: string;
  invitationId: string;
  invitationToken: string;
  inviteeEmail: string;
  /** An invitation in this company addressed to the acting user (own company only). */
  actorInvitationId: string | null;
  /** Tracking plan: an unlinked attribute, an event linking a second one, a view the event fires on. */
  attributeId: string;
  eventId: string;
  viewId: string;
  /** A map with the view as its node and the linked attribute as its attribute. */
  mapId: string;
  planNames: string[];
}

interface Case {
  own: Row;
  other: Row;
  request(world: World, target: Target): InjectOptions;
  /** Public routes opened by an unguessable id: what they show of that id's company is by design. */
  revealsTargetById?: boolean;
}

const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
const plan = (w: World, t: Target, path: string, method: InjectOptions['method'] = 'GET', payload?: object): InjectOptions => ({
  method,
  url: `/api/company/${w[t].id}${path}`,
  ...(payload ? { payload } : {}),
});
const READ = { own: [200, 200, 200, 200, 404, 401], other: [404, 404, 404, 404, 404, 401] } as const;
const EDIT = (ok: number) => ({ own: [ok, ok, ok, 403, 404, 401], other: [404, 404, 404, 404, 404, 401] }) as const;
const PUBLIC = { own: [200, 200, 200, 200, 200, 200], other: [200, 200, 200, 200, 200, 200] } as const;

/** A row for a route only the service token opens: every user credential gets 401. */
function internalOnly(method: 'GET' | 'POST', route: string, url: (w: World, t: Target) => string = () => route): Record<string, Case> {
  const all401: Row = [401, 401, 401, 401, 401, 401];
  return { [`${method} ${route}`]: { own: all401, other: all401, request: (w, t) => ({ method, url: url(w, t), ...(method === 'POST' ? { payload: {} } : {}) }) } };
}

const MATRIX: Record<string, Case> = {
  'GET /health': { own: [200, 200, 200, 200, 200, 200], other: [200, 200, 200, 200, 200, 200], request: () => ({ method: 'GET', url: '/health' }) },
  'GET /ready': { own: [200, 200, 200, 200, 200, 200], other: [200, 200, 200, 200, 200, 200], request: () => ({ method: 'GET', url: '/ready' }) },
  'POST /api/company/create': {
    own: [201, 201, 201, 201, 201, 401],
    other: [201, 201, 201, 201, 201, 401],
    request: () => post('/api/company/create', { name: `New ${randomUUID().slice(0, 6)}` }),
  },
  'GET /api/company/mine': {
    own: [200, 200, 200, 200, 200, 401],
    other: [200, 200, 200, 200, 200, 401],
    request: () => ({ method: 'GET', url: '/api/company/mine' }),
  },
  'POST /api/company/info': {
    own: [200, 200, 200, 200, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => post('/api/company/info', { companyId: w[t].id }),
  },
  'POST /api/company/update-settings': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => post('/api/company/update-settings', { companyId: w[t].id, name: 'Renamed', attributeInheritance: false }),
  },
  'POST /api/company/invite': {
    own: [201, 201, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) =>
      post('/api/company/invite', { companyId: w[t].id, email: `new-${randomUUID().slice(0, 8)}@example.test`, firstName: 'N', lastName: 'M', role: 'viewer' }),
  },
  'GET /api/company/invite': {
    own: [200, 200, 200, 200, 200, 200],
    other: [200, 200, 200, 200, 200, 200],
    revealsTargetById: true,
    request: (w, t) => ({ method: 'GET', url: '/api/company/invite', query: { invitationId: w[t].invitationId } }),
  },
  'PUT /api/company/invite': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'PUT', url: '/api/company/invite', payload: { invitationId: w[t].invitationId } }),
  },
  'DELETE /api/company/invite': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'DELETE', url: '/api/company/invite', payload: { invitationId: w[t].invitationId } }),
  },
  'POST /api/company/get-invitations': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => post('/api/company/get-invitations', { companyId: w[t].id }),
  },
  // own: an invitation to the caller's own address (members keep their role, the non-member joins);
  // other: another company's invitation to someone else.
  'POST /api/company/accept-invite': {
    own: [200, 200, 200, 200, 200, 401],
    other: [403, 403, 403, 403, 403, 401],
    request: (w, t) =>
      post('/api/company/accept-invite', {
        invitationId: t === 'own' ? (w.own.actorInvitationId ?? w.own.invitationId) : w.other.invitationId,
        email: w.actor?.email ?? 'anonymous@example.test',
        firstName: 'A',
        lastName: 'B',
      }),
  },
  // Public; own: the invitation's own token; other: another company's invitation with this company's token.
  'POST /api/company/invitations/:invitationId/claim': {
    own: [201, 201, 201, 201, 201, 201],
    other: [410, 410, 410, 410, 410, 410],
    request: (w, t) => ({
      method: 'POST',
      url: `/api/company/invitations/${w[t].invitationId}/claim`,
      payload: { token: w.own.invitationToken, password: 'a long enough password', firstName: 'C', lastName: 'D' },
    }),
  },
  'PATCH /api/company/permissions': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'PATCH', url: '/api/company/permissions', payload: { companyId: w[t].id, userId: w[t].memberId, role: 'creator' } }),
  },
  'DELETE /api/company/permissions': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'DELETE', url: '/api/company/permissions', payload: { companyId: w[t].id, userId: w[t].memberId } }),
  },
  // Tracking plan: members read, creators and up edit; another company's ids are 404 whoever asks.
  'GET /api/company/:companyId/attributes': { ...READ, request: (w, t) => plan(w, t, '/attributes') },
  'POST /api/company/:companyId/attributes': { ...EDIT(201), request: (w, t) => plan(w, t, '/attributes', 'POST', { name: `attr_${randomUUID().slice(0, 6)}` }) },
  'GET /api/company/:companyId/attributes/:id': { ...READ, request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`) },
  'PATCH /api/company/:companyId/attributes/:id': {
    ...EDIT(200),
    request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`, 'PATCH', { description: 'Changed' }),
  },
  'DELETE /api/company/:companyId/attributes/:id': { ...EDIT(204), request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`, 'DELETE') },
  'GET /api/company/:companyId/attributes/:id/history': { ...READ, request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}/history`) },
  'GET /api/company/:companyId/events': { ...READ, request: (w, t) => plan(w, t, '/events') },
  'POST /api/company/:companyId/events': { ...EDIT(201), request: (w, t) => plan(w, t, '/events', 'POST', { name: `Event ${randomUUID().slice(0, 6)}` }) },
  'GET /api/company/:companyId/events/:id': { ...READ, request: (w, t) => plan(w, t, `/events/${w[t].eventId}`) },
  'PATCH /api/company/:companyId/events/:id': { ...EDIT(200), request: (w, t) => plan(w, t, `/events/${w[t].eventId}`, 'PATCH', { description: 'Changed' }) },
  'DELETE /api/company/:companyId/events/:id': { ...EDIT(204), request: (w, t) => plan(w, t, `/events/${w[t].eventId}`, 'DELETE') },
  'GET /api/company/:companyId/events/:id/history': { ...READ, request: (w, t) => plan(w, t, `/events/${w[t].eventId}/history`) },
  'GET /api/company/:companyId/events/:id/schema': { ...READ, request: (w, t) => plan(w, t, `/events/${w[t].eventId}/schema`) },
  'GET /api/company/:companyId/events/:id/effective-attributes': { ...READ, request: (w, t) => plan(w, t, `/events/${w[t].eventId}/effective-attributes`) },
  'GET /api/company/:companyId/views': { ...READ, request: (w, t) => plan(w, t, '/views') },
  'POST /api/company/:companyId/views': { ...EDIT(201), request: (w, t) => plan(w, t, '/views', 'POST', { name: `View ${randomUUID().slice(0, 6)}` }) },
  'GET /api/company/:companyId/views/:id': { ...READ, request: (w, t) => plan(w, t, `/views/${w[t].viewId}`) },
  'PATCH /api/company/:companyId/views/:id': { ...EDIT(200), request: (w, t) => plan(w, t, `/views/${w[t].viewId}`, 'PATCH', { description: 'Changed' }) },
  'DELETE /api/company/:companyId/views/:id': { ...EDIT(204), request: (w, t) => plan(w, t, `/views/${w[t].viewId}`, 'DELETE') },
  'GET /api/company/:companyId/views/:id/history': { ...READ, request: (w, t) => plan(w, t, `/views/${w[t].viewId}/history`) },
  'GET /api/company/:companyId/maps': { ...READ, request: (w, t) => plan(w, t, '/maps') },
  'POST /api/company/:companyId/maps': {
    ...EDIT(201),
    request: (w, t) => plan(w, t, '/maps', 'POST', { name: `Map ${randomUUID().slice(0, 6)}`, nodes: [{ viewId: w.own.viewId, x: 0, y: 0 }] }),
  },
  'GET /api/company/:companyId/maps/:id': { ...READ, request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`) },
  'PATCH /api/company/:companyId/maps/:id': { ...EDIT(200), request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`, 'PATCH', { description: 'Changed' }) },
  'DELETE /api/company/:companyId/maps/:id': { ...EDIT(204), request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`, 'DELETE') },
  'GET /api/company/:companyId/maps/:id/history': { ...READ, request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/history`) },
  'GET /api/company/:companyId/maps/:id/share': { ...READ, request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`) },
  'POST /api/company/:companyId/maps/:id/share': { ...EDIT(201), request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`, 'POST') },
  'DELETE /api/company/:companyId/maps/:id/share': { ...EDIT(204), request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`, 'DELETE') },
  // The preview names no company: members of the map's company read it; anyone else, signed in or not, gets the
  // same 404 as for an unknown map (public links with a token are covered in tracking-plan/map-share.test.ts).
  'GET /api/company/map-preview/:mapId': {
    own: [200, 200, 200, 200, 404, 404],
    other: [404, 404, 404, 404, 404, 404],
    request: (w, t) => ({ method: 'GET', url: `/api/company/map-preview/${w[t].mapId}` }),
  },
  'GET /internal/maps/:mapId/frame-ancestors': {
    own: [401, 401, 401, 401, 401, 401],
    other: [401, 401, 401, 401, 401, 401],
    request: (w, t) => ({ method: 'GET', url: `/internal/maps/${w[t].mapId}/frame-ancestors` }),
  },
  'GET /api/company/:companyId/tracking-plan/lint': { ...READ, request: (w, t) => plan(w, t, '/tracking-plan/lint') },
  'GET /api/company/:companyId/tracking-plan/export': { ...READ, request: (w, t) => plan(w, t, '/tracking-plan/export?format=native') },
  'POST /api/company/:companyId/tracking-plan/import': {
    ...EDIT(200),
    request: (w, t) => ({
      method: 'POST',
      url: `/api/company/${w[t].id}/tracking-plan/import?format=native`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ format: 'tracemap.tracking-plan', formatVersion: 1, attributes: [], events: [], views: [] }),
    }),
  },
  // The API's description is public, like any published API reference.
  'GET /api/company/openapi.json': { ...PUBLIC, request: () => ({ method: 'GET', url: '/api/company/openapi.json' }) },
  // Users' tokens never open internal routes; only the service token does (tested in roles.test.ts).
  'GET /internal/users/:userId/companies': {
    own: [401, 401, 401, 401, 401, 401],
    other: [401, 401, 401, 401, 401, 401],
    request: (w, t) => ({ method: 'GET', url: `/internal/users/${w[t].memberId}/companies` }),
  },
  // The product-admin area's internal routes (companies across tenants, this service's outbox): service token only.
  ...internalOnly('GET', '/internal/admin/companies', () => '/internal/admin/companies?q=a'),
  ...internalOnly('GET', '/internal/admin/companies/stats'),
  ...internalOnly('GET', '/internal/admin/about'),
  ...internalOnly('GET', '/internal/admin/companies/:companyId', (w, t) => `/internal/admin/companies/${w[t].id}`),
  ...internalOnly('POST', '/internal/admin/companies'),
  ...internalOnly('POST', '/internal/admin/companies/:companyId/members', (w, t) => `/internal/admin/companies/${w[t].id}/members`),
  ...internalOnly('GET', '/internal/outbox'),
  ...internalOnly('GET', '/internal/outbox/stats'),
  ...internalOnly('GET', '/internal/outbox/:id', (w, t) => `/internal/outbox/${w[t].id}`),
  ...internalOnly('POST', '/internal/outbox/:id/resend', (w, t) => `/internal/outbox/${w[t].id}/resend`),
  // What billing asks of companies (role, fresh info, contacts, change notices): service token only.
  ...internalOnly('GET', '/internal/companies/:companyId/members/:userId', (w, t) => `/internal/companies/${w[t].id}/members/${w[t].memberId}`),
  ...internalOnly('POST', '/internal/companies/:companyId/info', (w, t) => `/internal/companies/${w[t].id}/info`),
  ...internalOnly('GET', '/internal/companies/:companyId/billing-contacts', (w, t) => `/internal/companies/${w[t].id}/billing-contacts`),
  ...internalOnly('POST', '/internal/companies/:companyId/subscription-changed', (w, t) => `/internal/companies/${w[t].id}/subscription-changed`),
};

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

async function seedCompany(name: string, members: Array<[string, string]>, memberId: string, actorEmail: string | null): Promise<SeededCompany> {
  const id = randomUUID();
  await h.admin.query(`INSERT INTO company.companies (id, name, created_by) VALUES ($1, $2, $3)`, [id, name, members[0][0]]);
  for (const [userId, role] of [...members, [memberId, 'viewer'] as [string, string]]) {
    await h.admin.query(`INSERT INTO company.memberships (company_id, user_id, role) VALUES ($1, $2, $3)`, [id, userId, role]);
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
  return {
    id,
    name,
    memberId,
    invitationId: main.invitationId,
    invitationToken: main.token,
    inviteeEmail,
    actorInvitationId: forActor?.invitationId ?? null,
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
  await h.admin.query(`INSERT INTO company.plan_events (company_id, id, name) VALUES ($1, $2, $3)`, [companyId, eventId, planNames[2]]);
  await h.admin.query(`INSERT INTO company.plan_views (company_id, id, name) VALUES ($1, $2, $3)`, [companyId, viewId, planNames[3]]);
  await h.admin.query(
    `INSERT INTO company.plan_event_attributes (company_id, event_id, attribute_id, position, presence) VALUES ($1, $2, $3, 0, 'required')`,
    [companyId, eventId, linkedId],
  );
  await h.admin.query(`INSERT INTO company.plan_view_events (company_id, view_id, event_id, position) VALUES ($1, $2, $3, 0)`, [companyId, viewId, eventId]);
  const mapId = randomUUID();
  const mapName = `Map ${tag}`;
  await h.admin.query(`INSERT INTO company.maps (company_id, id, name) VALUES ($1, $2, $3)`, [companyId, mapId, mapName]);
  await h.admin.query(`INSERT INTO company.map_nodes (company_id, map_id, view_id, position, x, y) VALUES ($1, $2, $3, 0, 0, 0)`, [companyId, mapId, viewId]);
  await h.admin.query(`INSERT INTO company.map_attributes (company_id, map_id, attribute_id, position, presence) VALUES ($1, $2, $3, 0, 'optional')`, [
    companyId,
    mapId,
    linkedId,
  ]);
  return { attributeId, eventId, viewId, mapId, planNames: [...planNames, mapName, linkedId] };
}

async function seedWorld(actor: Actor): Promise<World> {
  const user = actor === 'anonymous' ? null : actors[actor];
  const own = await seedCompany(
    `Alpha ${randomUUID().slice(0, 6)}`,
    [[actors.owner.id, 'owner'], [actors.admin.id, 'admin'], [actors.creator.id, 'creator'], [actors.viewer.id, 'viewer']],
    ownMember.id,
    user?.email ?? null,
  );
  const other = await seedCompany(`Bravo Secret ${randomUUID().slice(0, 6)}`, [[otherOwner.id, 'owner']], otherMember.id, null);
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
      failures.push(`${route} as ${actor} on ${target}: expected ${expected}, got ${response.statusCode} ${response.body}`);
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
    if (leaked.length > 0) failures.push(`${route} as ${actor} on ${target}: response shows another company's data ${leaked.join(', ')}`);
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
    const response = await h.call(actors.owner, { method, url: `/api/company/${world.own.id}${path}`, ...(payload ? { payload } : {}) });
    expect({ path, method, status: response.statusCode, code: response.json().code }).toEqual({ path, method, status: 404, code });
  }
  // Ids in bodies: links to another company's entities are refused as unknown, never stored.
  const linked = await h.call(actors.owner, {
    method: 'POST',
    url: `/api/company/${world.own.id}/views`,
    payload: { name: 'Cross', events: [{ eventId: world.other.eventId }], attributes: [{ attributeId: world.other.attributeId, presence: 'required' }] },
  });
  expect(linked.statusCode).toBe(400);
  const { rows } = await h.admin.query(`SELECT count(*)::int AS n FROM company.plan_views WHERE company_id = $1`, [world.own.id]);
  expect(rows[0].n).toBe(1);
});

test('the internal route opens with the service token, for the matrix above is only about user credentials', async () => {
  const world = await seedWorld('owner');
  const response = await h.app.inject({ method: 'GET', url: `/internal/users/${actors.owner.id}/companies`, headers: { 'x-service-token': SERVICE_TOKEN } });
  expect(response.statusCode).toBe(200);
  expect(response.json().companies).toContainEqual({ id: world.own.id, name: world.own.name, role: 'owner' });
  expect(response.body).not.toContain(world.other.id);
});
