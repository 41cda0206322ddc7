import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startAnalyticsSandbox, type AnalyticsSandbox } from '@tracemap/analytics-sandbox';
import type { CreatedAccessToken, QuerySourceOutput } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { addPullSource } from '../assistant/support/sources';
import { startHarness, type Harness, type TestUser } from '../support/harness';

// query_source over MCP: the same query, role rule and stored result as in the chat, for a
// client with a personal access token (the result belongs to no conversation, only to its user).
let sandbox: AnalyticsSandbox;
let h: Harness;
let baseUrl: string;
let companyId: string;
let sourceId: string;
let creator: TestUser;
let viewer: TestUser;
const clients: Client[] = [];
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sandbox = await startAnalyticsSandbox();
  h = await startHarness({ env: { AMPLITUDE_API_URL: sandbox.url, PULL_INTERVAL_MS: '0' } });
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  companyId = randomUUID();
  h.peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId });
  creator = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');
  const played = (user: string, genre: string, email: string) => ({
    event_type: 'Song Played',
    event_time: `${day(1)} 10:00:00.000000`,
    user_id: user,
    event_properties: { genre, email },
    user_properties: {},
  });
  sandbox.data.amplitude.projects.push({
    projectId: 11,
    apiKey: 'mcp-amp-key',
    secretKey: 'mcp-amp-secret',
    events: [
      played('u1', 'jazz', 'a@example.com'),
      played('u2', 'jazz', 'b@example.com'),
      played('u1', 'rock', 'a@example.com'),
    ],
  });
  sourceId = await addPullSource(
    h,
    companyId,
    'amplitude',
    { apiKey: 'mcp-amp-key', secretKey: 'mcp-amp-secret' },
    null,
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await h?.close();
  await sandbox?.close();
});

async function connect(user: TestUser): Promise<Client> {
  const created = await h.call(user, {
    method: 'POST',
    url: '/api/insights/access-tokens',
    payload: { companyId, name: 'MCP queries' },
  });
  expect(created.statusCode).toBe(201);
  const { secret } = created.json<CreatedAccessToken>();
  const client = new Client({ name: 'insights-query-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/insights/mcp', baseUrl), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    }),
  );
  clients.push(client);
  return client;
}

const segmentation = (groupBy: string) => ({
  sourceId,
  kind: 'amplitude_segmentation',
  events: ['Song Played'],
  metric: 'event_count',
  groupBy,
  start: day(7),
  end: day(0),
});

test('query_source runs an Amplitude segmentation and stores the result for the token’s user', async () => {
  const client = await connect(creator);
  const tool = (await client.listTools()).tools.find((t) => t.name === 'query_source');
  expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });

  const result = await client.callTool({ name: 'query_source', arguments: segmentation('genre') });
  expect(result.isError).toBeFalsy();
  const output = result.structuredContent as QuerySourceOutput;
  expect(output).toMatchObject({
    columns: ['event', 'genre', 'event_count'],
    rows: [
      ['Song Played', 'jazz', 2],
      ['Song Played', 'rock', 1],
    ],
    totals: { event_count: 3 },
  });
  const stored = await h.call(creator, {
    method: 'GET',
    url: `/api/insights/${companyId}/chat/queries/${output.queryId}`,
  });
  expect(stored.statusCode).toBe(200);
  expect(stored.json()).toMatchObject({ queryId: output.queryId, sourceId, kind: 'amplitude_segmentation' });
  // Kept for its user alone, as a chat's results are.
  expect(
    (await h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/chat/queries/${output.queryId}` }))
      .statusCode,
  ).toBe(404);
});

test("a viewer's query keeps the roles' rule, and bad input or a wrong source is a tool error", async () => {
  const client = await connect(viewer);
  const before = sandbox.requests.length;
  const refused = await client.callTool({ name: 'query_source', arguments: segmentation('email') });
  expect(refused.isError).toBe(true);
  expect(JSON.stringify(refused.content)).toContain('not available to your role');
  expect(sandbox.requests.length).toBe(before);

  const invalid = await client.callTool({ name: 'query_source', arguments: { sourceId } });
  expect(invalid.isError).toBe(true);
  expect(JSON.stringify(invalid.content)).toContain('Invalid input for query_source');

  const unknown = await client.callTool({
    name: 'query_source',
    arguments: { ...segmentation('genre'), sourceId: randomUUID() },
  });
  expect(unknown.isError).toBe(true);
  expect(JSON.stringify(unknown.content)).toContain('No such data source.');
});
