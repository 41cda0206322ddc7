import {
  addMember,
  createCompanyAs,
  SERVICE_TOKEN,
  startHarness,
  type Harness,
  type TestUser,
} from '../support/harness';

let h: Harness;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user({ firstName: 'Olga', lastName: 'Owner' });
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string) =>
  (await h.admin.query(`SELECT count(*)::int AS n FROM company.${table}`)).rows[0].n as number;

describe('create and list', () => {
  test('the creator becomes owner and sees the company among theirs', async () => {
    const created = await h.call(owner, { method: 'POST', url: '/api/company/create', payload: { name: '  Acme  ' } });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      company: {
        id: expect.any(String),
        name: 'Acme',
        settings: { attributeInheritance: true, eventNameCase: 'any', attributeNameCase: 'any' },
      },
      role: 'owner',
    });
    const mine = await h.call(owner, { method: 'GET', url: '/api/company/mine' });
    expect(mine.json().companies).toContainEqual({ id: body.company.id, name: 'Acme', role: 'owner' });
    const audit = await h.admin.query(`SELECT action, actor_user_id FROM company.audit_log WHERE company_id = $1`, [
      body.company.id,
    ]);
    expect(audit.rows).toEqual([{ action: 'company.created', actor_user_id: owner.id }]);
  });

  test('an Idempotency-Key replay returns the stored response and creates nothing more', async () => {
    const before = await count('companies');
    const send = (name: string) =>
      h.call(owner, {
        method: 'POST',
        url: '/api/company/create',
        payload: { name },
        headers: { 'idempotency-key': 'create-once-1' },
      });
    const first = await send('Once Inc');
    const again = await send('Once Inc');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count('companies')).toBe(before + 1);
    const audit = await h.admin.query(`SELECT action FROM company.audit_log WHERE company_id = $1`, [
      first.json().company.id,
    ]);
    expect(audit.rows).toEqual([{ action: 'company.created' }]);

    const different = await send('Other Inc');
    expect(different.statusCode).toBe(422);
    expect(different.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await count('companies')).toBe(before + 1);

    // Keys belong to their user: another user's same key is a new request.
    const other = await h.user();
    const theirs = await h.call(other, {
      method: 'POST',
      url: '/api/company/create',
      payload: { name: 'Once Inc' },
      headers: { 'idempotency-key': 'create-once-1' },
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().company.id).not.toBe(first.json().company.id);
  });

  test('bad input is refused with the spec message and changes nothing', async () => {
    const before = await count('companies');
    const cases = [
      { payload: {}, message: 'name required' },
      { payload: { name: 'X', role: 'owner' }, message: 'Unknown field: role' },
      { payload: { name: '   ' }, status: 400 },
      { payload: { name: 'x'.repeat(101) }, status: 400 },
    ];
    for (const c of cases) {
      const response = await h.call(owner, { method: 'POST', url: '/api/company/create', payload: c.payload });
      expect(response.statusCode).toBe(400);
      if (c.message) expect(response.json().message).toBe(c.message);
    }
    const anonymous = await h.call(null, { method: 'POST', url: '/api/company/create', payload: { name: 'Nope' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('You must be logged in to access this page.');
    // A bearer that is not a JWT (e.g. the public key) carries no user.
    const garbage = await h.app.inject({
      method: 'POST',
      url: '/api/company/create',
      payload: { name: 'Nope' },
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(garbage.json()).toMatchObject({ statusCode: 401, message: 'You must be logged in to access this page.' });
    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/company/create',
      payload: { name: 'Nope' },
      headers: { authorization: 'Bearer aaa.bbb.ccc' },
    });
    expect(forged.json()).toMatchObject({ statusCode: 401, message: 'Your session has expired. Please log in again.' });
    expect(await count('companies')).toBe(before);
  });
});

describe('company info and settings', () => {
  let companyId: string;
  let viewer: TestUser;

  beforeAll(async () => {
    companyId = await createCompanyAs(h, owner, 'Info Co');
    viewer = await h.user({ firstName: 'Vic', lastName: 'Viewer' });
    await addMember(h, companyId, viewer.id, 'viewer');
    h.peer.subscriptions.set(companyId, { status: 'active', cardExpirationMonth: 4, cardExpirationYear: 2031 });
  });

  test('a member gets role, users with names, subscription, counts and the company', async () => {
    const info = await h.call(viewer, { method: 'POST', url: '/api/company/info', payload: { companyId } });
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body).toEqual({
      role: 'viewer',
      users: [
        { id: owner.id, role: 'owner', firstName: 'Olga', lastName: 'Owner', email: owner.email },
        { id: viewer.id, role: 'viewer', firstName: 'Vic', lastName: 'Viewer', email: viewer.email },
      ],
      subscription: {
        status: 'active',
        priceId: null,
        planName: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        trialEnd: null,
        cardExpirationMonth: 4,
        cardExpirationYear: 2031,
      },
      objectCounts: { attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 },
      attributeInheritance: true,
      lastSync: null,
      company: {
        id: companyId,
        name: 'Info Co',
        settings: { attributeInheritance: true, eventNameCase: 'any', attributeNameCase: 'any' },
      },
    });
    const asOwner = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId } });
    expect(asOwner.json().role).toBe('owner');
  });

  test('missing companyId answers the spec message', async () => {
    const response = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'validation_failed', message: 'companyId required' });
  });

  test('an admin updates settings; the change shows in info at once and is audited', async () => {
    const updated = await h.call(owner, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId, name: 'Info Company', attributeInheritance: false, eventNameCase: 'snake_case' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().company).toEqual({
      id: companyId,
      name: 'Info Company',
      settings: { attributeInheritance: false, eventNameCase: 'snake_case', attributeNameCase: 'any' },
    });
    const info = (await h.call(viewer, { method: 'POST', url: '/api/company/info', payload: { companyId } })).json();
    expect(info.company.name).toBe('Info Company');
    expect(info.attributeInheritance).toBe(false);
    const audit = await h.admin.query(
      `SELECT details FROM company.audit_log WHERE company_id = $1 AND action = 'company.settings_updated'`,
      [companyId],
    );
    expect(audit.rows[0].details).toEqual({
      name: { from: 'Info Co', to: 'Info Company' },
      attributeInheritance: { from: null, to: false },
      eventNameCase: { from: null, to: 'snake_case' },
    });
  });

  test('settings refuse unknown fields, bad values, an empty update and low roles, changing nothing', async () => {
    const before = (await h.admin.query(`SELECT name, settings FROM company.companies WHERE id = $1`, [companyId]))
      .rows[0];
    const attempts = [
      { user: owner, payload: { companyId, role: 'owner' }, status: 400, message: 'Unknown field: role' },
      { user: owner, payload: { companyId, eventNameCase: 'SHOUTING' }, status: 400 },
      { user: owner, payload: { companyId, name: '' }, status: 400 },
      { user: owner, payload: { companyId }, status: 400, message: 'Nothing to update' },
      { user: owner, payload: { name: 'x' }, status: 400, message: 'companyId required' },
      { user: viewer, payload: { companyId, name: 'Hijacked' }, status: 403 },
    ];
    for (const attempt of attempts) {
      const response = await h.call(attempt.user, {
        method: 'POST',
        url: '/api/company/update-settings',
        payload: attempt.payload,
      });
      expect(response.statusCode).toBe(attempt.status);
      if (attempt.message) expect(response.json().message).toBe(attempt.message);
    }
    const after = (await h.admin.query(`SELECT name, settings FROM company.companies WHERE id = $1`, [companyId]))
      .rows[0];
    expect(after).toEqual(before);
  });

  test('a company without a subscription says so, not degraded', async () => {
    const company = await createCompanyAs(h, owner, 'No Plan Co');
    const info = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId: company } });
    expect(info.json().subscription).toBeNull();
    expect(info.json()).not.toHaveProperty('degraded');
  });

  test('subscription and profiles degrade to null when those services are down, and the answer says which', async () => {
    const company = await createCompanyAs(h, owner, 'Degraded Co');
    const { service } = await import('../../src/app');
    const app = await service.build(
      { ...h.config, ACCOUNT_URL: 'http://127.0.0.1:9', SUBSCRIPTION_URL: 'http://127.0.0.1:9' },
      { verifier: h.tokens.verifier },
    );
    try {
      const info = await app.inject({
        method: 'POST',
        url: '/api/company/info',
        payload: { companyId: company },
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(info.statusCode).toBe(200);
      expect(info.json().subscription).toBeNull();
      expect(info.json().users).toEqual([
        { id: owner.id, role: 'owner', firstName: null, lastName: null, email: null },
      ]);
      // Said so, so that nobody reads the null as "no subscription"; and not kept, so the next request asks again.
      expect(info.json().degraded).toEqual(['profiles', 'subscription']);
      expect(await app.companyService.deps.infoCache.get(company, async () => ({ fresh: true }) as never)).toEqual({
        fresh: true,
      });
    } finally {
      await app.close();
    }
  });

  test('info is cached per company, and a change made through the service is visible at once', async () => {
    const company = await createCompanyAs(h, owner, 'Cached Co');
    const { service } = await import('../../src/app');
    // A long TTL so the test does not depend on timing: only invalidation can refresh the entry.
    const app = await service.build({ ...h.config, COMPANY_INFO_CACHE_MS: 600000 }, { verifier: h.tokens.verifier });
    const infoName = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/company/info',
          payload: { companyId: company },
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).json().company.name;
    try {
      expect(await infoName()).toBe('Cached Co');
      await h.admin.query(`UPDATE company.companies SET name = 'Changed Behind Its Back' WHERE id = $1`, [company]);
      expect(await infoName()).toBe('Cached Co');
      const updated = await app.inject({
        method: 'POST',
        url: '/api/company/update-settings',
        payload: { companyId: company, attributeNameCase: 'camelCase' },
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(updated.statusCode).toBe(200);
      expect(await infoName()).toBe('Changed Behind Its Back');
    } finally {
      await app.close();
    }
  });

  test('an unexpected database failure answers the generic message of the route, without internals', async () => {
    // A company not opened yet: its membership is not cached, so the failing read is reached.
    const unopened = await createCompanyAs(h, owner);
    await h.admin.query(`REVOKE SELECT ON company.memberships FROM company_app`);
    try {
      const mine = await h.call(owner, { method: 'GET', url: '/api/company/mine' });
      expect(mine.statusCode).toBe(500);
      expect(mine.json()).toEqual({
        statusCode: 500,
        code: 'internal_error',
        message: 'Could not load your companies. Try again later.',
      });
      const info = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId: unopened } });
      expect(info.json()).toEqual({
        statusCode: 500,
        code: 'internal_error',
        message: 'Could not load the company information. Try again later.',
      });
    } finally {
      await h.admin.query(`GRANT SELECT ON company.memberships TO company_app`);
    }
    expect((await h.call(owner, { method: 'GET', url: '/api/company/mine' })).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  const entries = async (companyId: string) =>
    (
      await h.admin.query(
        `SELECT action, actor_user_id, details FROM company.audit_log WHERE company_id = $1 ORDER BY id`,
        [companyId],
      )
    ).rows;

  test('a company a product admin creates for an owner is recorded as the owner creating it', async () => {
    const someone = await h.user();
    const created = await h.app.inject({
      method: 'POST',
      url: '/internal/admin/companies',
      headers: { 'x-service-token': SERVICE_TOKEN },
      payload: { name: 'Made For You', ownerUserId: someone.id },
    });
    expect(created.statusCode).toBe(201);
    expect(await entries(created.json().company.id)).toEqual([
      { action: 'company.created', actor_user_id: someone.id, details: { name: 'Made For You' } },
    ]);
  });

  test('a refused change and a change to the same values record nothing', async () => {
    const companyId = await createCompanyAs(h, owner, 'Quiet Co');
    const viewer = await h.user();
    await addMember(h, companyId, viewer.id, 'viewer');
    const before = await entries(companyId);
    const refused = await h.call(viewer, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId, name: 'Loud Co' },
    });
    expect(refused.statusCode).toBe(403);
    const same = await h.call(owner, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId, name: 'Quiet Co' },
    });
    expect(same.statusCode).toBe(200);
    const unchangedRole = await h.call(owner, {
      method: 'PATCH',
      url: '/api/company/permissions',
      payload: { companyId, userId: viewer.id, role: 'viewer' },
    });
    expect(unchangedRole.statusCode).toBe(200);
    expect(await entries(companyId)).toEqual(before);
  });
});
