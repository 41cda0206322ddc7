import { randomUUID } from 'node:crypto';
import { findSourceByIngestKey } from '../../src/sources/find-source-by-ingest-key';
import { hashIngestKey } from '../../src/sources/ingest-key';
import { startHarness, type Harness, type TestUser } from '../support/harness';

let h: Harness;
let companyId: string;
let admin: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  h = await startHarness();
  companyId = randomUUID();
  admin = await h.user(companyId, 'admin');
  viewer = await h.user(companyId, 'viewer');
});
afterAll(() => h?.close());

const url = (id = companyId) => `/api/insights/${id}/discovery/sources`;
const create = (payload: object, user = admin, id = companyId) =>
  h.call(user, { method: 'POST', url: url(id), payload });

test('a collector answers its ingest key once; only its hash is stored, and the key finds the source', async () => {
  const created = await create({ kind: 'collector', name: 'Website', format: 'segment' });
  expect(created.statusCode).toBe(201);
  const { source, ingestKey } = created.json();
  expect(ingestKey).toMatch(/^tmk_[A-Za-z0-9_-]{43}$/);
  expect(source).toMatchObject({ kind: 'collector', name: 'Website', format: 'segment', hasCredentials: false });
  expect(ingestKey.startsWith(source.ingestKeyPrefix)).toBe(true);

  const { rows } = await h.admin.query(`SELECT * FROM insights.sources WHERE id = $1`, [source.id]);
  expect(rows[0].ingest_key_hash).toBe(hashIngestKey(ingestKey));
  expect(JSON.stringify(rows[0])).not.toContain(ingestKey);

  const listed = await h.call(viewer, { method: 'GET', url: url() });
  expect(listed.statusCode).toBe(200);
  expect(listed.body).not.toContain(ingestKey);
  expect(listed.json().items).toEqual(expect.arrayContaining([source]));

  expect(await findSourceByIngestKey(h.deps.db, ingestKey)).toEqual({
    sourceId: source.id,
    companyId,
    format: 'segment',
  });
  expect(await findSourceByIngestKey(h.deps.db, `${ingestKey.slice(0, -1)}x`)).toBeNull();
  expect(await findSourceByIngestKey(h.deps.db, 'not a key')).toBeNull();
});

test('rotating a key answers the new one once and the old one stops finding the source at once', async () => {
  const { source, ingestKey: first } = (await create({ kind: 'collector', name: 'App' })).json();
  expect(source.format).toBe('auto');
  const rotated = await h.call(admin, { method: 'POST', url: `${url()}/${source.id}/rotate-key` });
  expect(rotated.statusCode).toBe(200);
  const { ingestKey: second } = rotated.json();
  expect(second).not.toBe(first);
  expect(rotated.json().source.keyRotatedAt).toEqual(expect.any(String));
  expect(await findSourceByIngestKey(h.deps.db, first)).toBeNull();
  expect(await findSourceByIngestKey(h.deps.db, second)).toMatchObject({ sourceId: source.id });

  const upload = (await create({ kind: 'upload', name: 'Files' })).json().source;
  const refused = await h.call(admin, { method: 'POST', url: `${url()}/${upload.id}/rotate-key` });
  expect(refused.json()).toMatchObject({ statusCode: 400, code: 'not_a_collector' });
  const unknown = await h.call(admin, { method: 'POST', url: `${url()}/${randomUUID()}/rotate-key` });
  expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'source_not_found' });
});

test('GA4 and Amplitude credentials are sealed with AES-256-GCM at rest and never answered', async () => {
  const serviceAccountKey = JSON.stringify({ client_email: 'reader@example.test', private_key: 'PRIVATE-KEY-TEXT' });
  const ga4 = await create({ kind: 'ga4', name: 'GA4', propertyId: '123456', credentials: { serviceAccountKey } });
  expect(ga4.statusCode).toBe(201);
  expect(ga4.json().source).toMatchObject({ kind: 'ga4', propertyId: '123456', hasCredentials: true });
  expect(ga4.body).not.toContain('PRIVATE-KEY-TEXT');
  const amplitude = await create({
    kind: 'amplitude',
    name: 'Amplitude',
    region: 'eu',
    credentials: { apiKey: 'amp-api-key-1', secretKey: 'amp-secret-key-1' },
  });
  expect(amplitude.json().source).toMatchObject({ region: 'eu', hasCredentials: true });

  const listed = await h.call(admin, { method: 'GET', url: url() });
  for (const secret of ['PRIVATE-KEY-TEXT', 'amp-api-key-1', 'amp-secret-key-1'])
    expect(listed.body).not.toContain(secret);

  const { rows } = await h.admin.query<{ id: string; credentials: string }>(
    `SELECT id, credentials FROM insights.sources WHERE id = ANY($1)`,
    [[ga4.json().source.id, amplitude.json().source.id]],
  );
  for (const row of rows) {
    expect(row.credentials).toMatch(/^v1:/);
    expect(row.credentials).not.toContain('amp-');
    expect(row.credentials).not.toContain('PRIVATE');
  }
  const sealed = rows.find((r) => r.id === amplitude.json().source.id)!;
  const binding = `source:${companyId}:${sealed.id}`;
  expect(JSON.parse(h.deps.secrets!.open(sealed.credentials, binding))).toEqual({
    apiKey: 'amp-api-key-1',
    secretKey: 'amp-secret-key-1',
  });
  // Bound to its source: the same value copied onto another source does not open.
  expect(() => h.deps.secrets!.open(sealed.credentials, `source:${companyId}:${randomUUID()}`)).toThrow();
});

test('bodies are checked: unknown kinds, extra fields, a missing credential and a blank name are 400', async () => {
  for (const payload of [
    { kind: 'ftp', name: 'x' },
    { kind: 'upload', name: 'x', companyId: randomUUID() },
    { kind: 'ga4', name: 'x', propertyId: '1' },
    { kind: 'ga4', name: 'x', propertyId: 'http://evil.example', credentials: { serviceAccountKey: '{}' } },
    { kind: 'upload', name: '   ' },
  ]) {
    const response = await create(payload);
    expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
  }
});

test('without an encryption key, sources with credentials cannot be created (503), the others still can', async () => {
  const keyless = await startHarness({ env: { INSIGHTS_SECRET_KEY: '' } });
  try {
    const id = randomUUID();
    const owner = await keyless.user(id, 'owner');
    const post = (payload: object) => keyless.call(owner, { method: 'POST', url: url(id), payload });
    const refused = await post({ kind: 'amplitude', name: 'A', credentials: { apiKey: 'k', secretKey: 's' } });
    expect(refused.json()).toMatchObject({ statusCode: 503, code: 'credentials_unavailable' });
    expect((await post({ kind: 'collector', name: 'C' })).statusCode).toBe(201);
  } finally {
    await keyless.close();
  }
});

test("deleting a source removes it with its key; another company's source is not found", async () => {
  const { source, ingestKey } = (await create({ kind: 'collector', name: 'Old' })).json();
  const otherCompany = randomUUID();
  const otherAdmin = await h.user(otherCompany, 'owner');
  const foreign = await h.call(otherAdmin, { method: 'DELETE', url: `${url(otherCompany)}/${source.id}` });
  expect(foreign.json()).toMatchObject({ statusCode: 404, code: 'source_not_found' });
  expect((await h.call(otherAdmin, { method: 'GET', url: url(otherCompany) })).json().items).toEqual([]);

  expect((await h.call(admin, { method: 'DELETE', url: `${url()}/${source.id}` })).statusCode).toBe(204);
  expect(await findSourceByIngestKey(h.deps.db, ingestKey)).toBeNull();
  expect((await h.call(admin, { method: 'DELETE', url: `${url()}/${source.id}` })).statusCode).toBe(404);
});

test('row security: as the app role with no company named, or another company named, no source is visible', async () => {
  await create({ kind: 'upload', name: 'Visible only to its company' });
  const client = await h.admin.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL ROLE insights_app`);
    expect((await client.query(`SELECT count(*)::int AS n FROM insights.sources`)).rows[0].n).toBe(0);
    await client.query(`SELECT set_config('app.company_id', $1, true)`, [randomUUID()]);
    expect((await client.query(`SELECT count(*)::int AS n FROM insights.sources`)).rows[0].n).toBe(0);
    await client.query(`SELECT set_config('app.company_id', $1, true)`, [companyId]);
    expect((await client.query(`SELECT count(*)::int AS n FROM insights.sources`)).rows[0].n).toBeGreaterThan(0);
    await expect(
      client.query(`INSERT INTO insights.sources (id, company_id, kind, name) VALUES ($1, $2, 'upload', 'x')`, [
        randomUUID(),
        randomUUID(),
      ]),
    ).rejects.toThrow(/row-level security/);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});
