import { randomUUID } from 'node:crypto';
import type { CompanyRole } from '@tracemap/contracts';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Caller = CompanyRole | 'non-member' | 'anonymous';
const CALLERS: Caller[] = ['owner', 'admin', 'creator', 'viewer', 'non-member', 'anonymous'];
/** What each caller gets; `ok` is any answer past authorization (2xx, or the action's own 409). */
type Expect = 'ok' | 401 | 403 | 404;

const ADMIN_ONLY: Record<Caller, Expect> = {
  owner: 'ok',
  admin: 'ok',
  creator: 403,
  viewer: 403,
  'non-member': 404,
  anonymous: 401,
};
const ANY_MEMBER: Record<Caller, Expect> = {
  owner: 'ok',
  admin: 'ok',
  creator: 'ok',
  viewer: 'ok',
  'non-member': 404,
  anonymous: 401,
};

const MATRIX: Record<string, { body: (companyId: string) => Record<string, unknown>; expect: Record<Caller, Expect> }> =
  {
    'POST /api/subscription/update': {
      body: (companyId) => ({ companyId, priceId: 'price_team' }),
      expect: ADMIN_ONLY,
    },
    'POST /api/subscription/preview': {
      body: (companyId) => ({ companyId, priceId: 'price_business' }),
      expect: ADMIN_ONLY,
    },
    'POST /api/subscription/cancel': { body: (companyId) => ({ companyId }), expect: ADMIN_ONLY },
    'POST /api/subscription/resume': { body: (companyId) => ({ companyId }), expect: ADMIN_ONLY },
    'POST /api/subscription/portal': { body: (companyId) => ({ companyId }), expect: ADMIN_ONLY },
    'POST /api/subscription/invoices': { body: (companyId) => ({ companyId }), expect: ADMIN_ONLY },
    'POST /api/subscription/details': { body: (companyId) => ({ companyId }), expect: ANY_MEMBER },
  };
/** Public: the same answer for everyone. */
const PUBLIC = ['GET /api/subscription/plans', 'GET /api/subscription/openapi.json'];

test('every billing route has a row in the matrix', () => {
  const listed = h.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .map((line) => line.replace(/^[\s│├└─]+/, '').trim())
    .filter((line) => line.startsWith('/api/subscription/') && !line.startsWith('/api/subscription/sandbox'));
  const routes = listed.flatMap((line) => {
    const [path, methods] = line.split(' (');
    return (methods ?? '')
      .replace(')', '')
      .split(', ')
      .filter((m) => m !== 'HEAD')
      .map((m) => `${m} ${path}`);
  });
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) expect([...Object.keys(MATRIX), ...PUBLIC]).toContain(route);
});

describe.each(Object.entries(MATRIX))('%s', (route, row) => {
  const [method, url] = route.split(' ');
  test.each(CALLERS)('%s, on its own company and on another', async (caller) => {
    const own = randomUUID();
    const other = randomUUID();
    const userId = randomUUID();
    h.peers.member(other, randomUUID(), 'owner');
    if (caller !== 'non-member' && caller !== 'anonymous') h.peers.member(own, userId, caller);
    const headers: Record<string, string> =
      caller === 'anonymous' ? {} : { authorization: `Bearer ${await h.tokens.mint(userId)}` };

    const response = await h.app.inject({ method: method as 'POST', url, headers, payload: row.body(own) });
    const expected = row.expect[caller];
    if (expected === 'ok') {
      expect([200, 409]).toContain(response.statusCode);
    } else {
      expect(response.statusCode).toBe(expected);
    }

    // Someone else's company: never anything but the same 404 a missing company gets (or 401).
    const foreign = await h.app.inject({ method: method as 'POST', url, headers, payload: row.body(other) });
    expect(foreign.statusCode).toBe(caller === 'anonymous' ? 401 : 404);
    if (caller !== 'anonymous')
      expect(foreign.json()).toEqual({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
  });
});

test('the plans are the same for everyone, signed in or not', async () => {
  const anonymous = await h.app.inject('/api/subscription/plans');
  const signedIn = await h.app.inject({
    url: '/api/subscription/plans',
    headers: { authorization: `Bearer ${await h.tokens.mint(randomUUID())}` },
  });
  expect(anonymous.statusCode).toBe(200);
  expect(signedIn.json()).toEqual(anonymous.json());
});
