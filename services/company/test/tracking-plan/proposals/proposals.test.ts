import { addMember, SERVICE_TOKEN, startHarness, type Harness, type TestUser } from '../../support/harness';
import { api, body, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;
let admin: TestUser;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  admin = await h.user();
  await addMember(h, world.companyId, admin.id, 'admin');
});
afterAll(async () => {
  await h?.close();
});

async function open(name: string, user: TestUser = world.creator) {
  const response = await plan.post('/proposals', { name }, user);
  expect(response.statusCode).toBe(201);
  return body(response) as { id: string; status: string; baseVersion: number };
}

const exportOf = async (query = '') => JSON.parse((await plan.get(`/tracking-plan/export${query}`)).body);

test('edits of every kind inside a proposal show only there, and leave the live plan as it was', async () => {
  const attr = await plan.create('attributes', { name: 'plan_tier', scope: 'event', type: 'string' });
  const event = await plan.create('events', { name: 'Order Placed' });
  const view = await plan.create('views', { name: 'Checkout' });
  const before = await exportOf();

  const proposal = await open('Checkout rework');
  expect(proposal).toMatchObject({ status: 'draft', baseVersion: expect.any(Number) });
  const q = `?proposal=${proposal.id}`;

  const created = await plan.post(`/events${q}`, { name: 'Coupon Applied', attributes: [] }, world.creator);
  expect(created.statusCode).toBe(201);
  expect((await plan.patch(`/events/${event.id}${q}`, { description: 'When paid' }, world.creator)).statusCode).toBe(
    200,
  );
  expect((await plan.patch(`/attributes/${attr.id}${q}`, { status: 'archived' }, world.creator)).statusCode).toBe(200);
  expect((await plan.delete(`/views/${view.id}${q}`, world.creator)).statusCode).toBe(204);
  const map = await plan.post(`/maps${q}`, { name: 'Funnel' }, world.creator);
  expect(map.statusCode).toBe(201);

  // Inside: the plan as it would be after the proposal.
  const inside = body(await plan.get(`/events${q}`));
  expect(inside.items.map((e: { name: string }) => e.name).sort()).toEqual(['Coupon Applied', 'Order Placed']);
  expect(body(await plan.get(`/events/${event.id}${q}`)).description).toBe('When paid');
  expect((await plan.get(`/views/${view.id}${q}`)).statusCode).toBe(404);
  expect(body(await plan.get(`/maps${q}`)).items).toHaveLength(1);
  expect((await plan.get(`/tracking-plan/lint${q}`)).statusCode).toBe(200);
  expect((await plan.get(`/events/${event.id}/schema${q}`)).statusCode).toBe(200);

  // Live: unchanged, row for row.
  expect(await exportOf()).toEqual(before);
  expect((await plan.get(`/views/${view.id}`)).statusCode).toBe(200);
});

test('an unknown or foreign proposal id answers 404 proposal_not_found, and a viewer cannot write inside one', async () => {
  const proposal = await open('Viewer check');
  const unknown = await plan.get(`/events?proposal=00000000-0000-4000-8000-000000000000`);
  expect(unknown.statusCode).toBe(404);
  expect(body(unknown).code).toBe('proposal_not_found');
  const refused = await plan.post(`/events?proposal=${proposal.id}`, { name: 'Nope' }, world.viewer);
  expect(refused.statusCode).toBe(403);
  expect((await plan.get(`/events?proposal=${proposal.id}`, world.viewer)).statusCode).toBe(200);
});

test('statuses, reviews and approvals follow the company setting; the own approval never counts', async () => {
  const settings = await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, approvalsRequired: 1, approvers: 'admins' },
  });
  expect(settings.statusCode).toBe(200);
  const proposal = await open('Needs approval');
  const p = `/proposals/${proposal.id}`;
  await plan.post(`/events?proposal=${proposal.id}`, { name: 'Approved Thing' }, world.creator);

  // Not yet ready: reviews refused.
  expect((await plan.post(`${p}/reviews`, { decision: 'approve', comment: 'ok' }, admin)).statusCode).toBe(409);
  expect(body(await plan.post(`${p}/status`, { status: 'ready_for_review' }, world.creator)).status).toBe(
    'ready_for_review',
  );
  // The author cannot review their own proposal.
  const own = await plan.post(`${p}/reviews`, { decision: 'approve', comment: 'mine' }, world.creator);
  expect(own.statusCode).toBe(403);
  expect(body(own).code).toBe('own_review');
  // Approvals are by admins here: a creator (not the author) is refused.
  const other = await h.user();
  await addMember(h, world.companyId, other.id, 'creator');
  expect((await plan.post(`${p}/reviews`, { decision: 'approve', comment: 'lgtm' }, other)).statusCode).toBe(403);
  // A merge without the approval is refused for the author, with nothing changed.
  const early = await plan.post(`${p}/merge`, {}, world.creator);
  expect(early.statusCode).toBe(409);
  expect(body(early)).toMatchObject({ code: 'approvals_required', approvals: 0, approvalsRequired: 1 });
  expect(body(await plan.get('/events')).items.map((e: { name: string }) => e.name)).not.toContain('Approved Thing');

  const changes = await plan.post(`${p}/reviews`, { decision: 'request_changes', comment: 'rename' }, admin);
  expect(body(changes).status).toBe('changes_requested');
  const approved = body(await plan.post(`${p}/reviews`, { decision: 'approve', comment: 'now ok' }, admin));
  expect(approved).toMatchObject({ status: 'approved', approvals: 1, approvalsRequired: 1 });
  expect(approved.reviews).toHaveLength(2);

  const merged = await plan.post(`${p}/merge`, {}, world.creator);
  expect(merged.statusCode).toBe(200);
  expect(body(merged)).toMatchObject({ proposalId: proposal.id, version: expect.any(Number) });
  expect(body(await plan.get(p)).status).toBe('merged');
  // Merged: it can no longer change.
  const late = await plan.post(`/events?proposal=${proposal.id}`, { name: 'Too Late' }, world.creator);
  expect(body(late).code).toBe('proposal_closed');
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, approvalsRequired: 0 },
  });
});

test('an owner may merge without approvals, recorded on the proposal', async () => {
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, approvalsRequired: 2 },
  });
  const proposal = await open('Emergency', world.owner);
  await plan.post(`/events?proposal=${proposal.id}`, { name: 'Hotfix Event' });
  expect((await plan.post(`/proposals/${proposal.id}/merge`, {})).statusCode).toBe(200);
  expect(body(await plan.get(`/proposals/${proposal.id}`))).toMatchObject({ status: 'merged', emergency: true });
  const { rows } = await h.admin.query(
    `SELECT details FROM company.audit_log WHERE company_id = $1 AND action = 'proposal.merged' ORDER BY id DESC LIMIT 1`,
    [world.companyId],
  );
  expect(rows[0].details).toMatchObject({ proposalId: proposal.id, emergency: true });
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, approvalsRequired: 0 },
  });
});

test('the author asks members to review by id; members comment on the proposal or on one of its items', async () => {
  const proposal = await open('Talk it over');
  const p = `/proposals/${proposal.id}`;
  const asked = await plan.post(`${p}/reviewers`, { userIds: [admin.id, world.viewer.id] }, world.creator);
  expect(asked.statusCode).toBe(200);
  expect(body(asked).reviewers).toEqual(expect.arrayContaining([admin.id, world.viewer.id]));
  const stranger = await h.user();
  const refused = await plan.post(`${p}/reviewers`, { userIds: [stranger.id] }, world.creator);
  expect(refused.statusCode).toBe(400);
  expect(body(refused).code).toBe('unknown_reviewer');
  expect(body(await plan.get(p)).reviewers).toHaveLength(2);

  const created = await plan.post(`/events?proposal=${proposal.id}`, { name: 'Discussed Event' }, world.creator);
  const itemId = body(created).id;
  expect((await plan.post(`${p}/comments`, { body: 'Why now?' }, world.viewer)).statusCode).toBe(201);
  const onItem = await plan.post(`${p}/comments`, { body: 'Rename it', item: { kind: 'event', id: itemId } }, admin);
  expect(onItem.statusCode).toBe(201);
  const unknownItem = await plan.post(`${p}/comments`, {
    body: 'Ghost',
    item: { kind: 'event', id: '00000000-0000-4000-8000-000000000000' },
  });
  expect(body(unknownItem).code).toBe('unknown_item');
  const comments = body(await plan.get(`${p}/comments`, world.viewer)).items;
  expect(comments.map((c: { body: string; item: unknown }) => [c.body, c.item])).toEqual([
    ['Why now?', null],
    ['Rename it', { kind: 'event', id: itemId }],
  ]);
});

test("a company's settings reach its open proposals: lint inside one follows them", async () => {
  const proposal = await open('Settings follow');
  const q = `?proposal=${proposal.id}`;
  // Read once inside the proposal, so a kept read would show if it outlived the change.
  expect((await plan.get(`/tracking-plan/lint${q}`)).statusCode).toBe(200);
  const strict = await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules: { description: 'error' } },
  });
  expect(strict.statusCode).toBe(200);
  const refused = await plan.post(`/events${q}`, { name: 'Undescribed' }, world.creator);
  expect(refused.statusCode).toBe(422);
  expect(body(refused).code).toBe('lint_failed');
  const described = await plan.post(`/events${q}`, { name: 'Described', description: 'Has one' }, world.creator);
  expect(described.statusCode).toBe(201);
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules: {} },
  });
});

test('an import can land in a proposal: the live plan stays as it was', async () => {
  const proposal = await open('Imported');
  const live = (await plan.get('/tracking-plan/export')).body;
  const file = JSON.parse(live);
  file.events.push({ ...file.events[0], id: '5a1e0000-0000-4000-8000-000000000001', name: 'Imported Event' });
  const imported = await h.call(world.creator, {
    method: 'POST',
    url: `${plan.base}/tracking-plan/import?format=native&proposal=${proposal.id}`,
    payload: JSON.stringify(file),
    headers: { 'content-type': 'application/json' },
  });
  expect(imported.statusCode).toBe(200);
  expect(body(imported)).toMatchObject({ applied: true, added: [expect.objectContaining({ name: 'Imported Event' })] });
  expect((await plan.get('/tracking-plan/export')).body).toBe(live);
  const diff = body(await plan.get(`/proposals/${proposal.id}/diff`, world.creator));
  expect(diff.added).toEqual([expect.objectContaining({ kind: 'event', name: 'Imported Event' })]);
});

test("proposals' workspaces are no companies of their own: not in anyone's list, nor in admin search and counts", async () => {
  const stats = async () =>
    (
      await h.app.inject({
        method: 'GET',
        url: '/internal/admin/companies/stats',
        headers: { 'x-service-token': SERVICE_TOKEN },
      })
    ).json();
  const before = await stats();
  const proposal = await open('Invisible workspace');
  const { rows } = await h.admin.query(`SELECT workspace_id FROM company.proposals WHERE id = $1`, [proposal.id]);
  const workspaceId = rows[0].workspace_id;
  expect(await stats()).toEqual(before);
  const found = await h.app.inject({
    method: 'GET',
    url: `/internal/admin/companies?q=${workspaceId}`,
    headers: { 'x-service-token': SERVICE_TOKEN },
  });
  expect(found.json().companies).toEqual([]);
  const mine = await h.call(world.creator, { method: 'GET', url: '/api/company/mine' });
  expect(mine.body).not.toContain(workspaceId);
});

test('create, update, archive and delete of attributes, events, views and maps inside a proposal leave the live plan unchanged', async () => {
  const bodies: Record<string, (n: number) => object> = {
    attributes: (n) => ({ name: `every_kind_${n}`, scope: 'event', type: 'string' }),
    events: (n) => ({ name: `Every Kind ${n}` }),
    views: (n) => ({ name: `Every Kind View ${n}` }),
    maps: (n) => ({ name: `Every Kind Map ${n}` }),
  };
  const live: Record<string, string[]> = {};
  for (const kind of Object.keys(bodies)) {
    live[kind] = [];
    for (const n of [1, 2, 3]) {
      const created = await plan.post(`/${kind}`, bodies[kind](n));
      expect(created.statusCode).toBe(201);
      live[kind].push(body(created).id);
    }
  }
  const before = (await plan.get('/tracking-plan/export')).body;
  const proposal = await open('Every kind');
  const q = `?proposal=${proposal.id}`;
  for (const kind of Object.keys(bodies)) {
    const [changed, archived, deleted] = live[kind];
    expect({ kind, status: (await plan.post(`/${kind}${q}`, bodies[kind](9))).statusCode }).toEqual({
      kind,
      status: 201,
    });
    expect({
      kind,
      status: (await plan.patch(`/${kind}/${changed}${q}`, { description: 'in proposal' })).statusCode,
    }).toEqual({
      kind,
      status: 200,
    });
    expect({ kind, status: (await plan.patch(`/${kind}/${archived}${q}`, { status: 'archived' })).statusCode }).toEqual(
      {
        kind,
        status: 200,
      },
    );
    expect({ kind, status: (await plan.delete(`/${kind}/${deleted}${q}`)).statusCode }).toEqual({ kind, status: 204 });
  }
  expect((await plan.get('/tracking-plan/export')).body).toBe(before);
  const diff = body(await plan.get(`/proposals/${proposal.id}/diff`));
  for (const kind of ['attribute', 'event', 'view', 'map']) {
    const of = (list: Array<{ kind: string }>) => list.filter((e) => e.kind === kind).length;
    expect({ kind, added: of(diff.added), removed: of(diff.removed) }).toEqual({ kind, added: 1, removed: 1 });
    // The described one and the archived one (links and inherited effects may add more).
    expect({ kind, changedAtLeastTwo: of(diff.changed) >= 2 }).toEqual({ kind, changedAtLeastTwo: true });
  }
});
