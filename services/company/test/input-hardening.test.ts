import { createCompanyAs, startHarness, type Harness, type TestUser } from './support/harness';

let h: Harness;
let owner: TestUser;
let companyId: string;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user({ firstName: 'Olga', lastName: 'Owner' });
  companyId = await createCompanyAs(h, owner, 'Hardened Inc');
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string) =>
  (await h.admin.query(`SELECT count(*)::int AS n FROM company.${table}`)).rows[0].n as number;
const company = async () =>
  (await h.admin.query('SELECT name, settings FROM company.companies WHERE id = $1', [companyId])).rows[0];

describe('company names', () => {
  test.each([
    ['a NUL character', 'Acme\u0000Corp', 'invalid_text', 'name contains a character that is not allowed'],
    ['a lone surrogate', 'Acme \ud800', 'invalid_text', 'name contains a character that is not allowed'],
    [
      'a right-to-left override',
      'Acme\u202Eetats',
      'validation_failed',
      'name contains characters that are not allowed in a name',
    ],
    ['an isolate', '\u2066Acme\u2069', 'validation_failed', 'name contains characters that are not allowed in a name'],
    ['a newline', 'Acme\nBcc: all', 'validation_failed', 'name contains characters that are not allowed in a name'],
  ])('create with %s → 400, nothing created', async (_label, name, code, message) => {
    const before = await count('companies');
    const response = await h.call(owner, { method: 'POST', url: '/api/company/create', payload: { name } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code, message });
    expect(await count('companies')).toBe(before);
  });

  test('renaming to a name with a control character is refused and changes nothing', async () => {
    const before = await company();
    const response = await h.call(owner, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId, name: 'New\u0007Name' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'name contains characters that are not allowed in a name',
    });
    expect(await company()).toEqual(before);
  });
});

describe('body types are not coerced', () => {
  test.each([
    ['attributeInheritance as the string "false"', { companyId, attributeInheritance: 'false' }],
    ['attributeInheritance as 0', { companyId, attributeInheritance: 0 }],
    ['companyId wrapped in an array', { companyId: [companyId], attributeInheritance: false }],
    ['name wrapped in an array', { companyId, name: ['x'] }],
    ['name as a number', { companyId, name: 42 }],
  ])('update-settings with %s → 400, settings unchanged', async (_label, payload) => {
    const before = await company();
    const response = await h.call(owner, { method: 'POST', url: '/api/company/update-settings', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(await company()).toEqual(before);
  });

  test('info with companyId wrapped in an array → 400', async () => {
    const response = await h.call(owner, {
      method: 'POST',
      url: '/api/company/info',
      payload: { companyId: [companyId] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  });
});

describe('person names on invitations', () => {
  test.each([
    [
      'firstName',
      { firstName: 'Eve\u202E', lastName: 'Smith' },
      'validation_failed',
      'firstName contains characters that are not allowed in a name',
    ],
    [
      'lastName',
      { firstName: 'Eve', lastName: 'Smith\tJr' },
      'validation_failed',
      'lastName contains characters that are not allowed in a name',
    ],
    [
      'lastName',
      { firstName: 'Eve', lastName: 'Smith\u0000' },
      'invalid_text',
      'lastName contains a character that is not allowed',
    ],
  ])('an invitation whose %s holds a forbidden character → 400, nothing sent', async (_field, names, code, message) => {
    const before = await count('invitations');
    const response = await h.call(owner, {
      method: 'POST',
      url: '/api/company/invite',
      payload: { companyId, email: 'eve@example.test', role: 'viewer', ...names },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code, message });
    expect(await count('invitations')).toBe(before);
  });
});

describe('bodies too deep or not UTF-8', () => {
  const json = { 'content-type': 'application/json' };
  const deep = (field: string) => `{"companyId":"${companyId}","${field}":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
  const notUtf8 = (field: string) =>
    Buffer.concat([
      Buffer.from(`{"companyId":"${companyId}","${field}":"Acme `),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
  const planRows = async () =>
    (await h.admin.query('SELECT count(*)::int AS n FROM company.plan_attributes')).rows[0].n as number;

  test.each([
    ['/api/company/create', 'name'],
    ['/api/company/info', 'x'],
    ['/api/company/update-settings', 'name'],
    ['/api/company/<id>/attributes', 'name'],
    ['/api/company/<id>/events', 'name'],
  ])(
    '%s: a 10,000-deep body → 400 body_too_deep, bytes that are not UTF-8 → 400 invalid_text, nothing written',
    async (path, field) => {
      const url = path.replace('<id>', companyId);
      const before = { companies: await count('companies'), company: await company(), plan: await planRows() };
      const tooDeep = await h.call(owner, { method: 'POST', url, headers: json, payload: deep(field) });
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json()).toEqual({
        statusCode: 400,
        code: 'body_too_deep',
        message: 'The request body is nested too deeply (more than 64 levels).',
      });
      const badBytes = await h.call(owner, { method: 'POST', url, headers: json, payload: notUtf8(field) });
      expect(badBytes.statusCode).toBe(400);
      expect(badBytes.json()).toEqual({
        statusCode: 400,
        code: 'invalid_text',
        message: 'body contains a character that is not allowed',
      });
      expect({ companies: await count('companies'), company: await company(), plan: await planRows() }).toEqual(before);
    },
  );

  test('a DELETE with the JSON content type and no body is served', async () => {
    const created = await h.call(owner, {
      method: 'POST',
      url: `/api/company/${companyId}/attributes`,
      payload: { name: 'to_remove', scope: 'event' },
    });
    expect(created.statusCode).toBe(201);
    const removed = await h.call(owner, {
      method: 'DELETE',
      url: `/api/company/${companyId}/attributes/${created.json().id}`,
      headers: json,
    });
    expect(removed.statusCode).toBe(204);
  });

  test('settings sent as null are left as they are; the others change', async () => {
    const before = await company();
    const payload = {
      companyId,
      name: null,
      eventNameCase: null,
      lintRules: null,
      mapEmbedOrigins: null,
      attributeInheritance: !before.settings.attributeInheritance,
    };
    const response = await h.call(owner, { method: 'POST', url: '/api/company/update-settings', payload });
    expect(response.statusCode).toBe(200);
    expect(await company()).toEqual({
      name: before.name,
      settings: { ...before.settings, attributeInheritance: !before.settings.attributeInheritance },
    });
  });
});

describe('malformed query strings', () => {
  test.each(['/api/company/mine?x=%FF', '/api/company/mine?x=%E0%A4%A'])('%s → 400 JSON', async (url) => {
    const response = await h.call(owner, { method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'malformed_url',
      message: 'The address contains a malformed percent escape.',
    });
  });
});

test('company info (member emails) is answered nosniff and no-store, and so are its errors', async () => {
  const info = await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId } });
  expect(info.statusCode).toBe(200);
  const refused = await h.call(null, { method: 'POST', url: '/api/company/info', payload: { companyId } });
  expect(refused.statusCode).toBe(401);
  for (const response of [info, refused]) {
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  }
});
