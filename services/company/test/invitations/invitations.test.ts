import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import {
  addMember,
  createCompanyAs,
  SERVICE_ROLE_KEY,
  startHarness,
  type Harness,
  type TestUser,
} from '../support/harness';

const GONE = 'Your one time verification code was already used or has expired.';

let h: Harness;
let owner: TestUser;
let admin: TestUser;
let companyId: string;

beforeAll(async () => {
  h = await startHarness({ smtp: true });
  owner = await h.user({ firstName: 'Olga', lastName: 'Owner' });
  admin = await h.user({ firstName: 'Adam', lastName: 'Admin' });
  companyId = await createCompanyAs(h, owner, 'Invite Co');
  await addMember(h, companyId, admin.id, 'admin');
});
afterAll(async () => {
  await h?.close();
});

const invite = (actor: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.call(actor, {
    method: 'POST',
    url: '/api/company/invite',
    payload: { companyId, firstName: 'Ina', lastName: 'Vitee', role: 'creator', ...payload },
    headers,
  });
const details = (invitationId: string) =>
  h.call(null, { method: 'GET', url: `/api/company/invite?invitationId=${invitationId}` });
const accept = (user: TestUser, invitationId: string, email = user.email) =>
  h.call(user, {
    method: 'POST',
    url: '/api/company/accept-invite',
    payload: { invitationId, email, firstName: 'Ina', lastName: 'Vitee' },
  });
const claim = (invitationId: string, token: string, password = 'a long enough password') =>
  h.call(null, {
    method: 'POST',
    url: `/api/company/invitations/${invitationId}/claim`,
    payload: { token, password, firstName: 'Nora', lastName: 'New' },
  });
const count = async (sql: string, params: unknown[] = []) =>
  (await h.admin.query(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n as number;

/** Waits for the invitation email to an address and reads the link out of it. */
async function invitationMail(
  to: string,
  after = 0,
): Promise<{ mail: ParsedMail; invitationId: string; token: string }> {
  const mail = await h.smtp!.waitForMessage(
    (m) => h.smtp!.messages.indexOf(m) >= after && (m.to as { text: string }).text.includes(to),
    15000,
  );
  const match = /http:\/\/localhost:8080\/invitation\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return { mail, invitationId: match[1], token: match[2] };
}

test('invite → email with a one-time link → details → accept → used (410)', async () => {
  const invitee = await h.user({ email: 'ina@example.test' });
  const created = await invite(admin, { email: 'Ina@Example.test' });
  expect(created.statusCode).toBe(201);
  const invitation = created.json().invitation;
  expect(invitation).toMatchObject({
    companyId,
    email: 'ina@example.test',
    role: 'creator',
    status: 'pending',
    invitedBy: admin.id,
  });
  expect(invitation).not.toHaveProperty('tokenHash');

  const { mail, invitationId, token } = await invitationMail('ina@example.test');
  expect(invitationId).toBe(invitation.invitationId);
  expect(mail.subject).toBe('Adam Admin invited you to Invite Co on Tracemap');
  const stored = (await h.admin.query(`SELECT token_hash FROM company.invitations WHERE id = $1`, [invitationId]))
    .rows[0].token_hash;
  expect(stored).toBe(createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify((await h.admin.query(`SELECT * FROM company.invitations`)).rows)).not.toContain(token);

  const shown = await details(invitationId);
  expect(shown.statusCode).toBe(200);
  expect(shown.json()).toEqual({
    invitation: {
      invitationId,
      companyId,
      companyName: 'Invite Co',
      inviterName: 'Adam Admin',
      email: 'ina@example.test',
      firstName: 'Ina',
      lastName: 'Vitee',
      role: 'creator',
      status: 'pending',
      expiresAt: expect.any(String),
    },
  });
  const ttl = new Date(shown.json().invitation.expiresAt).getTime() - Date.now();
  expect(ttl).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

  const accepted = await accept(invitee, invitationId);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json()).toEqual({ companyId, role: 'creator', company: { id: companyId, name: 'Invite Co' } });
  expect(
    (await h.call(invitee, { method: 'POST', url: '/api/company/info', payload: { companyId } })).json().role,
  ).toBe('creator');

  for (const response of [
    await details(invitationId),
    await accept(invitee, invitationId),
    await claim(invitationId, token),
  ]) {
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(GONE);
  }
  const listed = (
    await h.call(owner, { method: 'POST', url: '/api/company/get-invitations', payload: { companyId } })
  ).json();
  expect(listed.invitations.find((i: { invitationId: string }) => i.invitationId === invitationId).status).toBe(
    'accepted',
  );
});

test('accepting needs the invited, verified address; a refusal changes nothing', async () => {
  const created = await invite(owner, { email: 'target@example.test', role: 'viewer' });
  const { invitationId } = created.json().invitation;
  const someoneElse = await h.user();
  const wrong = await accept(someoneElse, invitationId);
  expect(wrong.statusCode).toBe(403);
  expect(wrong.json().message).toBe('This invitation was sent to another email address.');
  // Claiming the address in the body is not enough: it must be the caller's own.
  expect((await accept(someoneElse, invitationId, 'target@example.test')).statusCode).toBe(403);
  const unverified = await h.user({ email: 'target@example.test', emailConfirmed: false });
  const refused = await accept(unverified, invitationId);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe('Confirm your email address before accepting the invitation.');
  expect(
    await count(`company.memberships WHERE company_id = $1 AND user_id = ANY($2)`, [
      companyId,
      [someoneElse.id, unverified.id],
    ]),
  ).toBe(0);
  expect((await details(invitationId)).statusCode).toBe(200);
  expect(
    (
      await h.call(null, {
        method: 'POST',
        url: '/api/company/accept-invite',
        payload: { invitationId, email: 'target@example.test', firstName: 'a', lastName: 'b' },
      })
    ).statusCode,
  ).toBe(401);
});

test('an expired invitation answers 410 everywhere', async () => {
  const invitee = await h.user({ email: 'late@example.test' });
  const { invitationId } = (await invite(owner, { email: 'late@example.test' })).json().invitation;
  const { token } = await invitationMail('late@example.test');
  await h.admin.query(`UPDATE company.invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
    invitationId,
  ]);
  for (const response of [
    await details(invitationId),
    await accept(invitee, invitationId),
    await claim(invitationId, token),
  ]) {
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(GONE);
  }
  const listed = (
    await h.call(owner, { method: 'POST', url: '/api/company/get-invitations', payload: { companyId } })
  ).json();
  expect(listed.invitations.find((i: { invitationId: string }) => i.invitationId === invitationId).status).toBe(
    'expired',
  );
  // An expired invitation does not block inviting the address again.
  expect((await invite(owner, { email: 'late@example.test' })).statusCode).toBe(201);
});

test('resend is rate limited, issues a new token and the old link stops working', async () => {
  const { invitationId } = (await invite(owner, { email: 'again@example.test' })).json().invitation;
  const first = await invitationMail('again@example.test');
  const tooSoon = await h.call(admin, { method: 'PUT', url: '/api/company/invite', payload: { invitationId } });
  expect(tooSoon.statusCode).toBe(429);
  expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

  await h.admin.query(`UPDATE company.invitations SET last_sent_at = now() - interval '61 seconds' WHERE id = $1`, [
    invitationId,
  ]);
  const mailsBefore = h.smtp!.messages.length;
  const resent = await h.call(admin, { method: 'PUT', url: '/api/company/invite', payload: { invitationId } });
  expect(resent.statusCode).toBe(200);
  expect(resent.json().invitation).toMatchObject({ invitationId, status: 'pending' });
  const second = await invitationMail('again@example.test', mailsBefore);
  expect(second.token).not.toBe(first.token);

  const membersBefore = await count(`company.memberships WHERE company_id = $1`, [companyId]);
  const old = await claim(invitationId, first.token);
  expect(old.statusCode).toBe(410);
  expect(await count(`company.memberships WHERE company_id = $1`, [companyId])).toBe(membersBefore);

  // The new link works: the new user's account is created confirmed, then they are a member.
  const claimed = await claim(invitationId, second.token);
  expect(claimed.statusCode).toBe(201);
  expect(claimed.json()).toEqual({ companyId, role: 'creator', email: 'again@example.test' });
  const call = h.peer.adminCalls.at(-1)!;
  expect(call.authorization).toBe(`Bearer ${SERVICE_ROLE_KEY}`);
  expect(call.apikey).toBe(SERVICE_ROLE_KEY);
  expect(call.body).toEqual({
    email: 'again@example.test',
    password: 'a long enough password',
    email_confirm: true,
    user_metadata: { first_name: 'Nora', last_name: 'New' },
  });
  const newUser = [...h.peer.users.values()].find((u) => u.email === 'again@example.test')!;
  expect(newUser.emailConfirmed).toBe(true);
  const membership = await h.admin.query(
    `SELECT role FROM company.memberships WHERE company_id = $1 AND user_id = $2`,
    [companyId, newUser.id],
  );
  expect(membership.rows).toEqual([{ role: 'creator' }]);
  expect((await claim(invitationId, second.token)).statusCode).toBe(410);
});

test('claim refusals: wrong token, an existing account, a weak password — none joins or uses the invitation', async () => {
  await h.user({ email: 'exists@example.test' });
  const existing = (await invite(owner, { email: 'exists@example.test' })).json().invitation.invitationId;
  const { token: existingToken } = await invitationMail('exists@example.test');
  const taken = await claim(existing, existingToken);
  expect(taken.statusCode).toBe(409);
  expect(taken.json().message).toBe('An account with this email already exists. Log in to accept the invitation.');

  const fresh = (await invite(owner, { email: 'weak@example.test' })).json().invitation.invitationId;
  const { token } = await invitationMail('weak@example.test');
  const weak = await claim(fresh, token, 'short');
  expect(weak.statusCode).toBe(422);
  expect(weak.json().code).toBe('weak_password');
  const wrongToken = await claim(fresh, 'x'.repeat(43));
  expect(wrongToken.statusCode).toBe(410);
  const unknownField = await h.call(null, {
    method: 'POST',
    url: `/api/company/invitations/${fresh}/claim`,
    payload: { token, password: 'a long enough password', firstName: 'a', lastName: 'b', role: 'owner' },
  });
  expect(unknownField.json()).toMatchObject({ statusCode: 400, message: 'Unknown field: role' });
  const statuses = await h.admin.query(`SELECT status FROM company.invitations WHERE id = ANY($1)`, [
    [existing, fresh],
  ]);
  expect(statuses.rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  expect((await claim(fresh, token)).statusCode).toBe(201);
});

test('revoke: the link stops working, revoking again is harmless', async () => {
  const invitee = await h.user({ email: 'revoked@example.test' });
  const { invitationId } = (await invite(owner, { email: 'revoked@example.test' })).json().invitation;
  const { token } = await invitationMail('revoked@example.test');
  const revoked = await h.call(admin, { method: 'DELETE', url: '/api/company/invite', payload: { invitationId } });
  expect(revoked.statusCode).toBe(200);
  expect(revoked.json().invitation.status).toBe('revoked');
  for (const response of [
    await details(invitationId),
    await accept(invitee, invitationId),
    await claim(invitationId, token),
  ]) {
    expect(response.statusCode).toBe(410);
  }
  expect(
    (await h.call(admin, { method: 'DELETE', url: '/api/company/invite', payload: { invitationId } })).statusCode,
  ).toBe(200);
  expect(
    (await h.call(admin, { method: 'PUT', url: '/api/company/invite', payload: { invitationId } })).statusCode,
  ).toBe(410);
  const audit = await h.admin.query(
    `SELECT count(*)::int AS n FROM company.audit_log WHERE action = 'invitation.revoked' AND details->>'invitationId' = $1`,
    [invitationId],
  );
  expect(audit.rows[0].n).toBe(1);
});

test('only an owner invites an owner, or resends and revokes an owner invitation', async () => {
  const byAdmin = await invite(admin, { email: 'boss@example.test', role: 'owner' });
  expect(byAdmin.statusCode).toBe(403);
  expect(byAdmin.json().message).toBe('Only an owner can invite an owner.');
  const byOwner = await invite(owner, { email: 'boss@example.test', role: 'owner' });
  expect(byOwner.statusCode).toBe(201);
  const { invitationId } = byOwner.json().invitation;
  await h.admin.query(`UPDATE company.invitations SET last_sent_at = now() - interval '1 hour' WHERE id = $1`, [
    invitationId,
  ]);
  expect(
    (await h.call(admin, { method: 'PUT', url: '/api/company/invite', payload: { invitationId } })).statusCode,
  ).toBe(403);
  expect(
    (await h.call(admin, { method: 'DELETE', url: '/api/company/invite', payload: { invitationId } })).statusCode,
  ).toBe(403);
  expect((await details(invitationId)).statusCode).toBe(200);
});

test('duplicates, members and bad input are refused and change nothing', async () => {
  const member = await h.user({ email: 'member@example.test' });
  await addMember(h, companyId, member.id, 'viewer');
  await invite(owner, { email: 'dup@example.test' });
  const invitationsBefore = await count('company.invitations');
  const outboxBefore = await count('company.outbox');
  const attempts: Array<[Record<string, unknown>, number, string?]> = [
    [{ email: 'dup@example.test' }, 409, 'An invitation for this email is already pending.'],
    [{ email: 'member@example.test' }, 409, 'This user is already a member of the company.'],
    [{ email: 'not-an-email' }, 400],
    [{ email: 'x@example.test', role: 'superuser' }, 400],
    [{ email: 'x@example.test', firstName: '' }, 400],
    [{ email: 'x@example.test', tokenHash: 'abc' }, 400, 'Unknown field: tokenHash'],
  ];
  for (const [payload, status, message] of attempts) {
    const response = await invite(owner, payload);
    expect({ payload, status: response.statusCode }).toEqual({ payload, status });
    if (message) expect(response.json().message).toBe(message);
  }
  const missing = await h.call(owner, {
    method: 'POST',
    url: '/api/company/invite',
    payload: { email: 'y@example.test', firstName: 'a', lastName: 'b', role: 'viewer' },
  });
  expect(missing.json().message).toBe('companyId required');
  expect(await count('company.invitations')).toBe(invitationsBefore);
  expect(await count('company.outbox')).toBe(outboxBefore);
  expect((await h.call(null, { method: 'GET', url: '/api/company/invite?invitationId=nope' })).statusCode).toBe(400);
  expect((await h.call(null, { method: 'GET', url: '/api/company/invite' })).json().message).toBe(
    'invitationId required',
  );
  expect((await details('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
});

test('an Idempotency-Key replay of an invite returns the same invitation and sends one email', async () => {
  const headers = { 'idempotency-key': 'invite-once' };
  const first = await invite(owner, { email: 'once@example.test' }, headers);
  const again = await invite(owner, { email: 'once@example.test' }, headers);
  expect(first.statusCode).toBe(201);
  expect(again.statusCode).toBe(201);
  expect(again.json()).toEqual(first.json());
  expect(await count(`company.invitations WHERE email = 'once@example.test'`)).toBe(1);
  expect(await count(`company.outbox WHERE recipient = 'once@example.test'`)).toBe(1);
  expect((await invite(owner, { email: 'twice@example.test' }, headers)).statusCode).toBe(422);
});
