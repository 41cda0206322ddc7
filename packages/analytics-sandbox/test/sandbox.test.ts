import { createSign } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createSandboxServiceAccount, startAnalyticsSandbox, type AnalyticsSandbox } from '../src';

let sandbox: AnalyticsSandbox;
let keyFile: { client_email: string; private_key: string };
beforeAll(async () => {
  sandbox = await startAnalyticsSandbox();
  const created = createSandboxServiceAccount({ properties: ['1234'], tokenUri: sandbox.tokenUrl });
  keyFile = JSON.parse(created.keyFile) as typeof keyFile;
  sandbox.data.ga4.serviceAccounts.push(created.account);
  sandbox.data.ga4.properties['1234'] = {
    customParameters: [{ name: 'plan_tier', uiName: 'Plan tier' }],
    events: [
      { name: 'page_view', date: '2024-01-15', count: 30 },
      { name: 'purchase', date: '2024-01-15', count: 5, params: { plan_tier: 'pro' } },
      { name: 'purchase', date: '2024-01-16', count: 2, params: { plan_tier: 'free' } },
      { name: 'sign_up', date: '2024-01-16', count: 7 },
    ],
  };
  sandbox.data.amplitude.projects.push({
    projectId: 42,
    apiKey: 'key',
    secretKey: 'secret',
    events: [
      { event_type: 'Song Played', event_time: '2024-01-15 10:30:00.000000' },
      { event_type: 'Song Played', event_time: '2024-01-15 10:45:00.000000' },
      { event_type: 'Sign Up', event_time: '2024-01-15 12:00:00.000000' },
    ],
  });
});
afterAll(() => sandbox.close());

function assertion(audience: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
    iss: keyFile.client_email,
    scope: 'https://www.googleapis.com/auth/analytics.readonly',
    aud: audience,
    iat: now,
    exp: now + 600,
  })}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(keyFile.private_key).toString('base64url')}`;
}

async function token(audience = sandbox.tokenUrl): Promise<Response> {
  return fetch(sandbox.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: assertion(audience),
    }),
  });
}

const report = (accessToken: string, body: object) =>
  fetch(`${sandbox.url}/v1beta/properties/1234:runReport`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the GA4 stand-in', () => {
  it('exchanges a signed assertion for a token, pages a report and lists registered parameters', async () => {
    const refused = await token('https://elsewhere.example/token');
    expect(refused.status).toBe(400);
    const answer = (await (await token()).json()) as { access_token: string };
    const body = {
      dateRanges: [{ startDate: '2024-01-15', endDate: '2024-01-16' }],
      dimensions: [{ name: 'eventName' }],
      metrics: [{ name: 'eventCount' }],
      limit: 2,
    };
    const first = (await (await report(answer.access_token, body)).json()) as {
      rows: { dimensionValues: { value: string }[]; metricValues: { value: string }[] }[];
      rowCount: number;
    };
    expect(first.rowCount).toBe(3);
    expect(first.rows.map((r) => [r.dimensionValues[0].value, r.metricValues[0].value])).toEqual([
      ['page_view', '30'],
      ['purchase', '7'],
    ]);
    const second = (await (await report(answer.access_token, { ...body, offset: 2 })).json()) as typeof first;
    expect(second.rows.map((r) => r.dimensionValues[0].value)).toEqual(['sign_up']);

    const metadata = (await (
      await fetch(`${sandbox.url}/v1beta/properties/1234/metadata`, {
        headers: { authorization: `Bearer ${answer.access_token}` },
      })
    ).json()) as { dimensions: { apiName: string; customDefinition?: boolean }[] };
    expect(metadata.dimensions.filter((d) => d.customDefinition).map((d) => d.apiName)).toEqual([
      'customEvent:plan_tier',
    ]);
  });

  it("answers Google's error shape for a bad token and for a queued quota failure", async () => {
    const unauthenticated = await report('nope', {});
    expect(unauthenticated.status).toBe(401);
    expect(((await unauthenticated.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
    sandbox.failNext('ga4', { status: 429, retryAfterSeconds: 3 });
    const limited = await report('nope', {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(((await limited.json()) as { error: { status: string } }).error.status).toBe('RESOURCE_EXHAUSTED');
  });
});

describe('the Amplitude stand-in', () => {
  const exportRange = (start: string, end: string, key = 'key:secret') =>
    fetch(`${sandbox.url}/api/2/export?start=${start}&end=${end}`, {
      headers: { authorization: `Basic ${Buffer.from(key).toString('base64')}` },
    });

  it('answers a zip of gzipped NDJSON, one entry per hour with data', async () => {
    const response = await exportRange('20240115T00', '20240115T23');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const names = [...zip.toString('latin1').matchAll(/42\/42_2024-01-15_\d+#0\.json\.gz/g)].map((m) => m[0]);
    expect(new Set(names)).toEqual(new Set(['42/42_2024-01-15_10#0.json.gz', '42/42_2024-01-15_12#0.json.gz']));
    // Entries are stored as they are (already gzipped): the first one's data follows its local header.
    const nameLength = zip.readUInt16LE(26);
    const extraLength = zip.readUInt16LE(28);
    const size = zip.readUInt32LE(18);
    const start = 30 + nameLength + extraLength;
    const lines = gunzipSync(zip.subarray(start, start + size))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { event_type: string }).event_type)).toEqual([
      'Song Played',
      'Song Played',
    ]);
  });

  it('answers 404 without data, 400 for a range over 365 days, 401 for wrong keys', async () => {
    expect((await exportRange('20240201T00', '20240201T05')).status).toBe(404);
    expect((await exportRange('20230101T00', '20240102T00')).status).toBe(400);
    expect((await exportRange('20240115T00', '20240115T23', 'key:wrong')).status).toBe(401);
  });
});
