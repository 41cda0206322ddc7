import {
  addMember,
  createCompanyAs,
  SERVICE_TOKEN,
  startHarness,
  type Harness,
  type TestUser,
} from '../support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Team {
  companyId: string;
  owner: TestUser;
  admin: TestUser;
  creator: TestUser;
  viewer: TestUser;
}

async function team(): Promise<Team> {
  const [owner, admin, creator, viewer] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
  const companyId = await createCompanyAs(h, owner);
  await addMember(h, companyId, admin.id, 'admin');
  await addMember(h, companyId, creator.id, 'creator');
  await addMember(h, companyId, viewer.id, 'viewer');
  return { companyId, owner, admin, creator, viewer };
}

const patch = (actor: TestUser, companyId: string, userId: string, role: string) =>
  h.call(actor, { method: 'PATCH', url: '/api/company/permissions', payload: { companyId, userId, role } });
const remove = (actor: TestUser, companyId: string, userId: string) =>
  h.call(actor, { method: 'DELETE', url: '/api/company/permissions', payload: { companyId, userId } });
const info = (actor: TestUser, companyId: string) =>
  h.call(actor, { method: 'POST', url: '/api/company/info', payload: { companyId } });
const roles = async (companyId: string) =>
  Object.fromEntries(
    (await h.admin.query(`SELECT user_id, role FROM company.memberships WHERE company_id = $1`, [companyId])).rows.map(
      (r) => [r.user_id, r.role],
    ),
  );

test('the last owner can neither step down, leave, nor be removed', async () => {
  const t = await team();
  const before = await roles(t.companyId);
  for (const response of [
    await patch(t.owner, t.companyId, t.owner.id, 'admin'),
    await remove(t.owner, t.companyId, t.owner.id),
  ]) {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'last_owner', message: 'A company must keep at least one owner.' });
  }
  expect(await roles(t.companyId)).toEqual(before);
});

test('with a second owner, an owner may step down', async () => {
  const t = await team();
  expect((await patch(t.owner, t.companyId, t.admin.id, 'owner')).statusCode).toBe(200);
  const down = await patch(t.owner, t.companyId, t.owner.id, 'viewer');
  expect(down.statusCode).toBe(200);
  expect(down.json()).toEqual({ member: { userId: t.owner.id, role: 'viewer' } });
  const audit = await h.admin.query(
    `SELECT action, actor_user_id, target_user_id, details FROM company.audit_log WHERE company_id = $1 AND action = 'membership.role_changed' ORDER BY id`,
    [t.companyId],
  );
  expect(audit.rows).toEqual([
    {
      action: 'membership.role_changed',
      actor_user_id: t.owner.id,
      target_user_id: t.admin.id,
      details: { from: 'admin', to: 'owner' },
    },
    {
      action: 'membership.role_changed',
      actor_user_id: t.owner.id,
      target_user_id: t.owner.id,
      details: { from: 'owner', to: 'viewer' },
    },
  ]);
});

test('an admin cannot make an owner, change an owner, or remove an owner', async () => {
  const t = await team();
  const before = await roles(t.companyId);
  const attempts = [
    await patch(t.admin, t.companyId, t.viewer.id, 'owner'),
    await patch(t.admin, t.companyId, t.owner.id, 'viewer'),
    await remove(t.admin, t.companyId, t.owner.id),
  ];
  for (const response of attempts) {
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only an owner can make someone an owner or change an owner.');
  }
  expect(await roles(t.companyId)).toEqual(before);
  // What admins may do: change and remove non-owners.
  expect((await patch(t.admin, t.companyId, t.viewer.id, 'creator')).statusCode).toBe(200);
  expect((await remove(t.admin, t.companyId, t.creator.id)).statusCode).toBe(200);
});

test('nobody raises their own role; lowering it is allowed', async () => {
  const t = await team();
  const up = await patch(t.admin, t.companyId, t.admin.id, 'owner');
  expect(up.statusCode).toBe(403);
  expect(up.json().message).toBe('You cannot raise your own role.');
  for (const [actor, role] of [
    [t.creator, 'admin'],
    [t.viewer, 'creator'],
  ] as const) {
    expect((await patch(actor, t.companyId, actor.id, role)).statusCode).toBe(403);
  }
  expect((await roles(t.companyId))[t.admin.id]).toBe('admin');
  expect((await patch(t.admin, t.companyId, t.admin.id, 'viewer')).statusCode).toBe(200);
  expect((await roles(t.companyId))[t.admin.id]).toBe('viewer');
});

test('members below admin cannot remove others but can leave', async () => {
  const t = await team();
  expect((await remove(t.creator, t.companyId, t.viewer.id)).statusCode).toBe(403);
  expect((await remove(t.viewer, t.companyId, t.creator.id)).statusCode).toBe(403);
  const left = await remove(t.viewer, t.companyId, t.viewer.id);
  expect(left.statusCode).toBe(200);
  expect(left.json()).toEqual({ removed: { companyId: t.companyId, userId: t.viewer.id } });
  const audit = await h.admin.query(
    `SELECT action FROM company.audit_log WHERE company_id = $1 AND target_user_id = $2`,
    [t.companyId, t.viewer.id],
  );
  expect(audit.rows).toEqual([{ action: 'membership.left' }]);
});

test('removal takes effect on the very next request with the same token', async () => {
  const t = await team();
  expect((await info(t.viewer, t.companyId)).statusCode).toBe(200);
  expect((await remove(t.owner, t.companyId, t.viewer.id)).statusCode).toBe(200);
  const after = await info(t.viewer, t.companyId);
  expect(after.statusCode).toBe(404);
  expect(after.json().message).toBe('Company not found');
  const mine = await h.call(t.viewer, { method: 'GET', url: '/api/company/mine' });
  expect(mine.json().companies).toEqual([]);
  // The remaining members' cached info no longer lists them.
  expect((await info(t.owner, t.companyId)).json().users.map((u: { id: string }) => u.id)).not.toContain(t.viewer.id);
});

test('a lowered role takes effect at once, and info reports the fresh role', async () => {
  const t = await team();
  expect(
    (
      await h.call(t.admin, {
        method: 'POST',
        url: '/api/company/get-invitations',
        payload: { companyId: t.companyId },
      })
    ).statusCode,
  ).toBe(200);
  expect((await info(t.admin, t.companyId)).json().role).toBe('admin');
  expect((await patch(t.owner, t.companyId, t.admin.id, 'viewer')).statusCode).toBe(200);
  expect(
    (
      await h.call(t.admin, {
        method: 'POST',
        url: '/api/company/get-invitations',
        payload: { companyId: t.companyId },
      })
    ).statusCode,
  ).toBe(403);
  const fresh = (await info(t.admin, t.companyId)).json();
  expect(fresh.role).toBe('viewer');
  expect(fresh.users.find((u: { id: string }) => u.id === t.admin.id).role).toBe('viewer');
});

test('a target that is not a member answers 404 and unknown roles are refused', async () => {
  const t = await team();
  const stranger = await h.user();
  expect((await patch(t.owner, t.companyId, stranger.id, 'viewer')).json()).toMatchObject({
    statusCode: 404,
    message: 'Member not found',
  });
  expect((await remove(t.owner, t.companyId, stranger.id)).statusCode).toBe(404);
  const bad = await patch(t.owner, t.companyId, t.viewer.id, 'superuser');
  expect(bad.statusCode).toBe(400);
  const extra = await h.call(t.owner, {
    method: 'PATCH',
    url: '/api/company/permissions',
    payload: { companyId: t.companyId, userId: t.viewer.id, role: 'admin', anamap_admin: true },
  });
  expect(extra.json()).toMatchObject({ statusCode: 400, message: 'Unknown field: anamap_admin' });
  expect((await roles(t.companyId))[t.viewer.id]).toBe('viewer');
});

test('a revoked session is refused at once even though its token has not expired', async () => {
  const t = await team();
  expect((await info(t.creator, t.companyId)).statusCode).toBe(200);
  h.peer.revokedSessions.add(t.creator.sessionId);
  const refused = await info(t.creator, t.companyId);
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toBe('Your session has expired. Please log in again.');
});

test('the internal companies route answers only with the service token', async () => {
  const t = await team();
  const url = `/internal/users/${t.viewer.id}/companies`;
  expect((await h.app.inject({ url })).statusCode).toBe(401);
  expect((await h.app.inject({ url, headers: { 'x-service-token': 'wrong-token-wrong-token' } })).statusCode).toBe(401);
  expect((await h.call(t.owner, { method: 'GET', url })).statusCode).toBe(401);
  const ok = await h.app.inject({ url, headers: { 'x-service-token': SERVICE_TOKEN } });
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toEqual({ companies: [{ id: t.companyId, name: expect.any(String), role: 'viewer' }] });
  expect(
    (await h.app.inject({ url: '/internal/users/not-a-uuid/companies', headers: { 'x-service-token': SERVICE_TOKEN } }))
      .statusCode,
  ).toBe(400);
});
