import type { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { service } from '../../src/app';
import { memberTag } from '../../src/core/membership-cache';
import { addMember, createCompanyAs, startHarness, type Harness, type TestUser } from '../support/harness';

// Roles and sessions are kept in memory only while their changes are heard.
// Replica A is the harness app; replica B shares its database and hears A's
// changes only through the database's announcements, or, with its listening
// connection cut, not at all — then it must read the database again.
let h: Harness;
let replicaB: FastifyInstance;
let urlB: string;

beforeAll(async () => {
  h = await startHarness({ announceSessions: true });
  replicaB = await service.build(h.config, { verifier: h.tokens.verifier, logger: false });
  await replicaB.listen({ host: '127.0.0.1', port: 0 });
  urlB = `http://127.0.0.1:${(replicaB.server.address() as AddressInfo).port}`;
  for (const app of [h.app, replicaB]) {
    await app.companyService.deps.memberships.channel!.whenUp(5000);
    await app.sessionCache!.channel!.whenUp(5000);
  }
});
afterAll(async () => {
  await replicaB?.close();
  await h?.close();
});

/** Real HTTP to replica B, so its listener's connection events are seen between requests. */
async function onB(user: TestUser, url: string, payload: object) {
  const response = await fetch(`${urlB}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { statusCode: response.status, body: await response.json() };
}
const infoOnB = (user: TestUser, companyId: string) => onB(user, '/api/company/info', { companyId });
const invitationsOnB = (user: TestUser, companyId: string) => onB(user, '/api/company/get-invitations', { companyId });
const info = (user: TestUser, companyId: string) =>
  h.call(user, { method: 'POST', url: '/api/company/info', payload: { companyId } });
const invitations = (user: TestUser, companyId: string) =>
  h.call(user, { method: 'POST', url: '/api/company/get-invitations', payload: { companyId } });
const removeOnA = (owner: TestUser, companyId: string, userId: string) =>
  h.call(owner, { method: 'DELETE', url: '/api/company/permissions', payload: { companyId, userId } });
const lowerOnA = (owner: TestUser, companyId: string, userId: string) =>
  h.call(owner, { method: 'PATCH', url: '/api/company/permissions', payload: { companyId, userId, role: 'viewer' } });

async function team() {
  const [owner, admin, viewer] = await Promise.all([h.user(), h.user(), h.user()]);
  const companyId = await createCompanyAs(h, owner);
  await addMember(h, companyId, admin.id, 'admin');
  await addMember(h, companyId, viewer.id, 'viewer');
  return { companyId, owner, admin, viewer };
}

/** Resolves when replica B has heard that tag (at most 5 s). */
function heardOnB(tag: string, cache: EventEmitter = replicaB.companyService.deps.memberships.cache): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${tag} not heard within 5 s`)), 5000);
    const listener = (heard: string) => {
      if (heard !== tag) return;
      clearTimeout(timer);
      cache.off('invalidated', listener);
      resolve();
    };
    cache.on('invalidated', listener);
  });
}

/** Asks until the expected status comes, for at most one second. */
async function within1s(ask: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const deadline = Date.now() + 1000;
  let status = (await ask()).statusCode;
  while (status !== expected && Date.now() < deadline) status = (await ask()).statusCode;
  return status;
}

async function cutListener(app: FastifyInstance, which: 'memberships' | 'sessions') {
  const channel = which === 'memberships' ? app.companyService.deps.memberships.channel! : app.sessionCache!.channel!;
  const down = new Promise((resolve) => channel.once('down', resolve));
  if (h.database.isPostgres) await h.admin.query('SELECT pg_terminate_backend($1)', [channel.backendPid]);
  // The embedded database has one backend for every connection: there the listener is stopped instead.
  else await channel.stop().then(() => channel.start());
  return { down, back: () => channel.whenUp(5000) };
}

test('on the replica that made the change, a removed member gets 404 and a lowered admin 403 on the next request', async () => {
  const t = await team();
  expect((await info(t.viewer, t.companyId)).statusCode).toBe(200);
  expect((await invitations(t.admin, t.companyId)).statusCode).toBe(200);
  expect((await removeOnA(t.owner, t.companyId, t.viewer.id)).statusCode).toBe(200);
  expect((await lowerOnA(t.owner, t.companyId, t.admin.id)).statusCode).toBe(200);
  expect((await info(t.viewer, t.companyId)).statusCode).toBe(404);
  expect((await invitations(t.admin, t.companyId)).statusCode).toBe(403);
});

test('another replica drops a removed member and a lowered role as soon as it hears the change', async () => {
  const t = await team();
  expect((await infoOnB(t.viewer, t.companyId)).statusCode).toBe(200);
  expect((await invitationsOnB(t.admin, t.companyId)).statusCode).toBe(200);
  const heard = Promise.all([
    heardOnB(memberTag(t.companyId, t.viewer.id)),
    heardOnB(memberTag(t.companyId, t.admin.id)),
  ]);
  expect((await removeOnA(t.owner, t.companyId, t.viewer.id)).statusCode).toBe(200);
  expect((await lowerOnA(t.owner, t.companyId, t.admin.id)).statusCode).toBe(200);
  await heard;
  expect((await infoOnB(t.viewer, t.companyId)).statusCode).toBe(404);
  expect((await invitationsOnB(t.admin, t.companyId)).statusCode).toBe(403);
});

test('with its listener cut, another replica still refuses a removed member and a lowered role within a second', async () => {
  const t = await team();
  expect((await infoOnB(t.viewer, t.companyId)).statusCode).toBe(200);
  expect((await invitationsOnB(t.admin, t.companyId)).statusCode).toBe(200);
  const cut = await cutListener(replicaB, 'memberships');
  expect((await removeOnA(t.owner, t.companyId, t.viewer.id)).statusCode).toBe(200);
  expect((await lowerOnA(t.owner, t.companyId, t.admin.id)).statusCode).toBe(200);
  expect(await within1s(() => infoOnB(t.viewer, t.companyId), 404)).toBe(404);
  expect(await within1s(() => invitationsOnB(t.admin, t.companyId), 403)).toBe(403);
  await cut.down;
  await cut.back();
});

test('a revoked session is refused on the next request once announced, and within a second with the listener cut', async () => {
  const t = await team();
  expect((await infoOnB(t.viewer, t.companyId)).statusCode).toBe(200);
  const heard = heardOnB(`session:${t.viewer.sessionId}`, replicaB.sessionCache!.cache);
  await h.peer.revokeSession(t.viewer.sessionId);
  await heard;
  const refused = await infoOnB(t.viewer, t.companyId);
  expect(refused.statusCode).toBe(401);
  expect(refused.body.message).toBe('Your session has expired. Please log in again.');

  expect((await infoOnB(t.admin, t.companyId)).statusCode).toBe(200);
  const cut = await cutListener(replicaB, 'sessions');
  // Not announced: only the direct check can see it.
  h.peer.revokedSessions.add(t.admin.sessionId);
  expect(await within1s(() => infoOnB(t.admin, t.companyId), 401)).toBe(401);
  await cut.down;
  await cut.back();
});
