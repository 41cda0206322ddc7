import { signedInUser } from '../support/stack';
import { startAdminWorld, type AdminWorld } from './admin-world';

const A = '/api/account/admin';
let world: AdminWorld;

beforeAll(async () => {
  world = await startAdminWorld();
}, 60_000);

afterAll(async () => {
  await world?.stack.stop();
});

const auditActions = async () =>
  (await world.call(world.admin, { method: 'GET', url: `${A}/audit?limit=200` }))
    .json()
    .entries.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`);

test('a revoked admin is refused on the very next request, and an admin cannot change their own flag', async () => {
  const { call, admin, stack } = world;
  const other = await signedInUser(stack);
  await call(other, { method: 'GET', url: '/api/account/sync' });
  expect(
    (await call(admin, { method: 'PUT', url: `${A}/users/${other.id}/product-admin`, payload: { value: true } }))
      .statusCode,
  ).toBe(200);
  expect((await call(other, { method: 'GET', url: `${A}/overview` })).statusCode).toBe(200);
  expect(
    (await call(admin, { method: 'PUT', url: `${A}/users/${other.id}/product-admin`, payload: { value: false } }))
      .statusCode,
  ).toBe(200);
  expect((await call(other, { method: 'GET', url: `${A}/overview` })).json().code).toBe('not_product_admin');

  const self = await call(admin, {
    method: 'PUT',
    url: `${A}/users/${admin.id}/product-admin`,
    payload: { value: false },
  });
  expect(self.json()).toEqual({
    statusCode: 403,
    code: 'not_on_yourself',
    message: 'You cannot change your own administrator access.',
  });
  expect(await auditActions()).toEqual(expect.arrayContaining([`user.product_admin_set ${other.id}`]));
});

test('finding a user and sending a reset: the email reaches the mailbox, the action is in the audit log', async () => {
  const { call, admin, stack } = world;
  const target = await signedInUser(stack, { email: `findme.${Date.now()}@example.com` });
  const found = await call(admin, { method: 'GET', url: `${A}/users?q=findme` });
  expect(found.json().users.map((u: { id: string }) => u.id)).toContain(target.id);
  const detail = await call(admin, { method: 'GET', url: `${A}/users/${target.id}` });
  expect(detail.json()).toMatchObject({
    user: { id: target.id, email: target.email, anamapAdmin: false },
    companies: [],
  });
  const reset = await call(admin, { method: 'POST', url: `${A}/users/${target.id}/password-reset` });
  expect(reset.statusCode).toBe(200);
  const mail = await stack.smtp.waitForMessage(
    (m) => m.to !== undefined && JSON.stringify(m.to).includes(target.email) && /reset/i.test(m.subject ?? ''),
  );
  expect(mail.subject).toBe('Reset your Tracemap password');
  expect(await auditActions()).toEqual(expect.arrayContaining([`user.password_reset_sent ${target.id}`]));

  const ended = await call(admin, { method: 'POST', url: `${A}/users/${target.id}/sessions/end` });
  expect(ended.json().message).toBe('Ended 1 session.');
  // The ended session's token no longer opens anything.
  expect((await call(target, { method: 'GET', url: '/api/account/sync' })).statusCode).toBe(401);
});

test('a company for a new owner email: the owner is invited and owns it', async () => {
  const { call, admin, stack } = world;
  const ownerEmail = `new.owner.${Date.now()}@example.com`;
  const created = await call(admin, {
    method: 'POST',
    url: `${A}/companies`,
    payload: { name: 'Acme Admin', ownerEmail },
    headers: { 'idempotency-key': 'acme-1' },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ name: 'Acme Admin', ownerInvited: true });
  const replay = await call(admin, {
    method: 'POST',
    url: `${A}/companies`,
    payload: { name: 'Acme Admin', ownerEmail },
    headers: { 'idempotency-key': 'acme-1' },
  });
  expect(replay.json().companyId).toBe(created.json().companyId);
  const detail = await call(admin, { method: 'GET', url: `${A}/companies/${created.json().companyId}` });
  expect(detail.json()).toMatchObject({
    company: { name: 'Acme Admin' },
    members: [{ email: ownerEmail, role: 'owner' }],
    subscriptionUnavailable: true,
  });
  await stack.smtp.waitForMessage((m) => JSON.stringify(m.to).includes(ownerEmail));
  const search = await call(admin, { method: 'GET', url: `${A}/companies?q=acme` });
  expect(search.json().companies.map((c: { id: string }) => c.id)).toEqual([created.json().companyId]);
});

test('roadmap: unpublished items stay private; published ones show on the public API in the admins order', async () => {
  const { call, admin } = world;
  const create = (title: string) =>
    call(admin, {
      method: 'POST',
      url: `${A}/roadmap`,
      payload: { title, description: '**Soon**', status: 'planned' },
    });
  const first = (await create('Slack alerts')).json();
  const second = (await create('Map exports')).json();
  expect((await call(null, { method: 'GET', url: '/api/account/roadmap' })).json()).toEqual({ items: [] });
  await call(admin, {
    method: 'PATCH',
    url: `${A}/roadmap/${first.id}`,
    payload: { published: true, status: 'in_progress' },
  });
  await call(admin, { method: 'PATCH', url: `${A}/roadmap/${second.id}`, payload: { published: true } });
  const reordered = await call(admin, {
    method: 'PUT',
    url: `${A}/roadmap/order`,
    payload: { ids: [second.id, first.id] },
  });
  expect(reordered.statusCode).toBe(200);
  const pub = await call(null, { method: 'GET', url: '/api/account/roadmap' });
  expect(pub.json()).toEqual({
    items: [
      { id: second.id, title: 'Map exports', description: '**Soon**', status: 'planned', position: 0 },
      { id: first.id, title: 'Slack alerts', description: '**Soon**', status: 'in_progress', position: 1 },
    ],
  });
  const partial = await call(admin, { method: 'PUT', url: `${A}/roadmap/order`, payload: { ids: [first.id] } });
  expect(partial.json().code).toBe('roadmap_order_mismatch');
  expect(await auditActions()).toEqual(
    expect.arrayContaining([`roadmap.created ${first.id}`, `roadmap.updated ${first.id}`]),
  );
});

test('roadmap and create-user bodies read a null optional field as not given', async () => {
  const { call, admin } = world;
  const created = await call(admin, {
    method: 'POST',
    url: `${A}/roadmap`,
    payload: { title: 'Null-safe forms', description: null, status: null, published: null },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({
    title: 'Null-safe forms',
    description: '',
    status: 'planned',
    published: false,
  });
  const described = await call(admin, {
    method: 'PATCH',
    url: `${A}/roadmap/${created.json().id}`,
    payload: { description: 'Forms send null', published: null },
  });
  expect(described.statusCode).toBe(200);
  const kept = await call(admin, {
    method: 'PATCH',
    url: `${A}/roadmap/${created.json().id}`,
    payload: { title: null, description: null, status: 'in_progress' },
  });
  expect(kept.statusCode).toBe(200);
  expect(kept.json()).toMatchObject({
    title: 'Null-safe forms',
    description: 'Forms send null',
    status: 'in_progress',
    published: false,
  });

  const email = `nulls.${Date.now()}@example.com`;
  const user = await call(admin, {
    method: 'POST',
    url: `${A}/users`,
    payload: { email, firstName: 'Nia', lastName: null, companyId: null, role: null },
  });
  expect(user.statusCode).toBe(201);
  expect(user.json()).toMatchObject({ email, invited: true, companyRole: null });
});

test('a failed email is resent once: the copy is delivered, a second resend answers the same copy', async () => {
  const { call, admin, stack } = world;
  const { rows } = await stack.account.app.db.query<{ id: string }>(
    `INSERT INTO account.outbox (template, recipient, data, status, attempts, last_error) VALUES ('test-email', 'bounced@example.com', '{}', 'failed', 8, '550 no such user') RETURNING id`,
  );
  const failed = rows[0].id;
  const listed = await call(admin, { method: 'GET', url: `${A}/emails?status=failed&recipient=bounced` });
  expect(listed.json().emails).toEqual([
    expect.objectContaining({ id: failed, source: 'account', lastError: '550 no such user', attempts: 8 }),
  ]);
  const first = await call(admin, { method: 'POST', url: `${A}/emails/account/${failed}/resend` });
  const second = await call(admin, { method: 'POST', url: `${A}/emails/account/${failed}/resend` });
  expect(first.json().outcome).toBe('queued');
  expect(second.json()).toEqual({ outcome: 'already_resent', id: first.json().id });
  await stack.smtp.waitForMessage((m) => JSON.stringify(m.to).includes('bounced@example.com'));
  const shown = await call(admin, { method: 'GET', url: `${A}/emails/account/${failed}` });
  expect(shown.json()).toMatchObject({ resentAs: first.json().id, subject: 'Tracemap test email' });
  const sent = await call(admin, { method: 'POST', url: `${A}/emails/${'account'}/${first.json().id}/resend` });
  expect(sent.json().code).toBe('email_not_failed');
  expect((await auditActions()).filter((a: string) => a === `email.resent ${failed}`)).toHaveLength(1);
});

test('a bug report reaches the team by email and the admin area, where its status changes', async () => {
  const { call, admin, user, stack } = world;
  const report = {
    bugType: 'wrong_data',
    description: 'Counts are off',
    bugUrl: 'http://localhost:8080/company/c1/maps/m1',
    submissionUrl: 'http://localhost:8080/company/c1/maps/m1',
    companyId: 'c1',
    mapId: 'm1',
    userAgent: 'jest',
  };
  const filed = await call(user, { method: 'POST', url: '/api/support/bug-report', payload: report });
  expect(filed.statusCode).toBe(201);
  const mail = await stack.smtp.waitForMessage((m) => m.subject === 'Bug report: wrong_data');
  expect(mail.text).toContain('Counts are off');
  expect(mail.text).toContain(`from: ${user.email}`);
  const support = (await call(admin, { method: 'GET', url: `${A}/support?status=new` })).json();
  expect(support.bugReports).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ ...report, id: filed.json().id, userEmail: user.email, status: 'new' }),
    ]),
  );
  const closed = await call(admin, {
    method: 'PUT',
    url: `${A}/support/bug-reports/${filed.json().id}/status`,
    payload: { status: 'closed' },
  });
  expect(closed.statusCode).toBe(200);
  const overview = (await call(admin, { method: 'GET', url: `${A}/overview` })).json();
  expect(overview.users.total).toBeGreaterThanOrEqual(3);
  expect(overview.emails.unavailable).toEqual([]);
  expect(overview.subscriptions).toBeNull();
  expect(overview.recentAudit[0]).toMatchObject({
    action: 'support.status_set',
    targetId: filed.json().id,
    actorEmail: admin.email,
  });
});

test('a user created by email is invited and joins a company with the chosen role', async () => {
  const { call, admin, stack } = world;
  const owner = await signedInUser(stack);
  const company = (
    await call(admin, {
      method: 'POST',
      url: `${A}/companies`,
      payload: { name: 'Roles Inc', ownerEmail: owner.email },
    })
  ).json();
  const email = `invitee.${Date.now()}@example.com`;
  const created = await call(admin, {
    method: 'POST',
    url: `${A}/users`,
    payload: { email, firstName: 'Ivy', companyId: company.companyId, role: 'creator' },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ email, invited: true, companyRole: 'creator' });
  await stack.smtp.waitForMessage((m) => JSON.stringify(m.to).includes(email));
  const members = (await call(admin, { method: 'GET', url: `${A}/companies/${company.companyId}` })).json().members;
  expect(members).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ email, role: 'creator' }),
      expect.objectContaining({ email: owner.email, role: 'owner' }),
    ]),
  );
  const again = await call(admin, { method: 'POST', url: `${A}/users`, payload: { email: owner.email } });
  expect(again.json()).toEqual({
    statusCode: 409,
    code: 'user_exists',
    message: 'A user with this email already exists.',
  });
  expect(await auditActions()).toEqual(
    expect.arrayContaining([`user.created ${created.json().userId}`, `user.added_to_company ${created.json().userId}`]),
  );
});

test('a double submit of the same new user (one Idempotency-Key) invites once', async () => {
  const { call, admin } = world;
  const email = `double.${Date.now()}@example.com`;
  const submit = () =>
    call(admin, {
      method: 'POST',
      url: `${A}/users`,
      payload: { email, firstName: 'Dee' },
      headers: { 'idempotency-key': `create-${email}` },
    });
  const [first, second] = await Promise.all([submit(), submit()]);
  // The one that came second either found the first still running, or its stored answer.
  const [winner, other] = first.statusCode === 201 ? [first, second] : [second, first];
  expect(winner.statusCode).toBe(201);
  if (other.statusCode === 409) {
    expect(other.json()).toEqual({
      statusCode: 409,
      code: 'idempotency_in_progress',
      message: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
    });
  } else {
    expect(other.json()).toEqual(winner.json());
  }
  const replay = await submit();
  expect(replay.statusCode).toBe(201);
  expect(replay.json()).toEqual(winner.json());
  const created = (await auditActions()).filter((entry: string) => entry === `user.created ${winner.json().userId}`);
  expect(created).toHaveLength(1);
  const reused = await call(admin, {
    method: 'POST',
    url: `${A}/users`,
    payload: { email: `other.${email}` },
    headers: { 'idempotency-key': `create-${email}` },
  });
  expect(reused.json()).toEqual({
    statusCode: 422,
    code: 'idempotency_key_reused',
    message: 'This Idempotency-Key was already used with a different request.',
  });
});
