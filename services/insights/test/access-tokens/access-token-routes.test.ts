import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKENS_PER_USER_MAX, type CreatedAccessToken } from '@tracemap/contracts';
import { hashAccessToken } from '../../src/access-tokens/access-token-secret';
import { startHarness, type Harness, type TestUser } from '../support/harness';

let h: Harness;
let companyId: string;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startHarness();
  companyId = randomUUID();
  alice = await h.user(companyId, 'viewer');
  bob = await h.user(companyId, 'owner');
});
afterAll(() => h?.close());

const tokensUrl = '/api/insights/access-tokens';

async function create(user: TestUser, name: string, company = companyId): Promise<CreatedAccessToken> {
  const response = await h.call(user, { method: 'POST', url: tokensUrl, payload: { companyId: company, name } });
  expect(response.statusCode).toBe(201);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

const list = async (user: TestUser) => (await h.call(user, { method: 'GET', url: tokensUrl })).json().tokens;

test('a member creates a token: the secret is answered once, only its hash is stored', async () => {
  const created = await create(alice, '  Claude desktop ');
  expect(created.secret.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
  expect(created.secret.length).toBeGreaterThan(40);
  expect(created.token).toMatchObject({ name: 'Claude desktop', companyId, lastUsedAt: null });
  expect(created.secret.startsWith(created.token.prefix)).toBe(true);

  const { rows } = await h.admin.query(`SELECT * FROM insights.access_tokens WHERE id = $1`, [created.token.id]);
  expect(rows[0].token_hash).toBe(hashAccessToken(created.secret));
  expect(JSON.stringify(rows[0])).not.toContain(created.secret);

  const listed = await h.call(alice, { method: 'GET', url: tokensUrl });
  expect(listed.statusCode).toBe(200);
  expect(listed.body).not.toContain(created.secret);
  expect(listed.json().tokens).toContainEqual(created.token);
});

test("a user sees and revokes only their own tokens; another user's token answers 404 like an unknown one", async () => {
  const alices = await create(alice, 'Alice laptop');
  const bobs = await create(bob, 'Bob laptop');
  expect((await list(bob)).map((t: { id: string }) => t.id)).toEqual([bobs.token.id]);
  expect((await list(alice)).map((t: { id: string }) => t.id)).not.toContain(bobs.token.id);

  const foreign = await h.call(alice, { method: 'DELETE', url: `${tokensUrl}/${bobs.token.id}` });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json().code).toBe('access_token_not_found');
  expect((await list(bob)).map((t: { id: string }) => t.id)).toEqual([bobs.token.id]);

  expect((await h.call(alice, { method: 'DELETE', url: `${tokensUrl}/${alices.token.id}` })).statusCode).toBe(204);
  expect((await list(alice)).map((t: { id: string }) => t.id)).not.toContain(alices.token.id);
  const again = await h.call(alice, { method: 'DELETE', url: `${tokensUrl}/${alices.token.id}` });
  expect(again.statusCode).toBe(404);
});

test('creating needs membership of the company, a name and a signed-in user', async () => {
  const outsider = await h.user();
  const refused = await h.call(outsider, { method: 'POST', url: tokensUrl, payload: { companyId, name: 'x' } });
  expect(refused.statusCode).toBe(404);
  expect(refused.json().code).toBe('company_not_found');
  for (const payload of [{ companyId, name: '   ' }, { companyId, name: '' }, { companyId: 'nope', name: 'x' }, {}]) {
    expect((await h.call(alice, { method: 'POST', url: tokensUrl, payload })).statusCode).toBe(400);
  }
  expect((await h.call(null, { method: 'GET', url: tokensUrl })).statusCode).toBe(401);
  const { rows } = await h.admin.query(`SELECT count(*)::int AS n FROM insights.access_tokens WHERE user_id = $1`, [
    outsider.id,
  ]);
  expect(rows[0].n).toBe(0);
});

test(`a user holds at most ${ACCESS_TOKENS_PER_USER_MAX} tokens`, async () => {
  const carol = await h.user(companyId, 'creator');
  const made = await Promise.all(
    Array.from({ length: ACCESS_TOKENS_PER_USER_MAX + 3 }, (_, i) =>
      h.call(carol, { method: 'POST', url: tokensUrl, payload: { companyId, name: `token ${i}` } }),
    ),
  );
  const statuses = made.map((r) => r.statusCode).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(ACCESS_TOKENS_PER_USER_MAX);
  expect(statuses.filter((s) => s === 409)).toHaveLength(3);
  expect(await list(carol)).toHaveLength(ACCESS_TOKENS_PER_USER_MAX);
});
