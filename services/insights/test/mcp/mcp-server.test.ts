import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ASSISTANT_TOOLS, type CreatedAccessToken, type PlanSnapshot } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { startHarness, type Harness, type TestUser } from '../support/harness';

let h: Harness;
let baseUrl: string;
let companyId: string;
let plan: PlanSnapshot;
let admin: TestUser;
let viewer: TestUser;
const clients: Client[] = [];

beforeAll(async () => {
  // Roles asked every time: a member removed by the company service counts at once.
  h = await startHarness({ env: { COMPANY_MEMBERSHIP_CACHE_MS: '0' } });
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  companyId = randomUUID();
  plan = { ...examplePlanSnapshot(), companyId };
  h.peer.snapshots.set(companyId, plan);
  admin = await h.user(companyId, 'admin');
  viewer = await h.user(companyId, 'viewer');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await h?.close();
});

const mcpUrl = () => new URL('/api/insights/mcp', baseUrl);

async function tokenFor(user: TestUser, name = 'MCP client'): Promise<CreatedAccessToken> {
  const response = await h.call(user, {
    method: 'POST',
    url: '/api/insights/access-tokens',
    payload: { companyId, name },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function connect(secret: string): Promise<Client> {
  const client = new Client({ name: 'insights-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const post = (secret: string | null) =>
  fetch(mcpUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

test("the SDK's own client lists the read tools with the contracts' names and schemas, all read-only", async () => {
  const client = await connect((await tokenFor(admin)).secret);
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['search_plan', 'get_event', 'get_map', 'list_findings']));
  expect(names).toContain('query_source');
  for (const tool of tools) {
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(tool.annotations?.destructiveHint).toBe(false);
    const contract = ASSISTANT_TOOLS[tool.name as keyof typeof ASSISTANT_TOOLS];
    expect(tool.description).toBe(contract.description);
    expect(tool.inputSchema).toEqual(JSON.parse(JSON.stringify(contract.input)));
  }
});

test('calls search_plan and get_event and gets the plan back, as text and as structured content', async () => {
  const client = await connect((await tokenFor(admin)).secret);
  const search = await client.callTool({ name: 'search_plan', arguments: { query: 'product_viewed' } });
  expect(search.isError).toBeFalsy();
  const hits = (search.structuredContent as { results: Array<{ name: string; kind: string }> }).results;
  expect(hits[0]).toMatchObject({ name: 'Product Viewed', kind: 'event' });
  const [text] = search.content as Array<{ type: string; text: string }>;
  expect(JSON.parse(text.text)).toEqual(search.structuredContent);

  const event = await client.callTool({ name: 'get_event', arguments: { event: 'checkout_started' } });
  const output = event.structuredContent as {
    event: { name: string };
    attributes: Array<{ name: string; layer: string }>;
  };
  expect(output.event.name).toBe('Checkout Started');
  const layer = (name: string) => output.attributes.find((a) => a.name === name)?.layer;
  expect([layer('revenue'), layer('page_type'), layer('platform')]).toEqual(['event', 'view', 'system']);

  const bad = await client.callTool({ name: 'list_items', arguments: { kind: 'everything' } });
  expect(bad.isError).toBe(true);
  expect((bad.content as Array<{ text: string }>)[0].text).toContain('Invalid input for list_items');

  const { rows } = await h.admin.query(
    `SELECT count(*)::int AS n FROM insights.access_tokens WHERE user_id = $1 AND last_used_at IS NOT NULL`,
    [admin.id],
  );
  expect(rows[0].n).toBeGreaterThan(0);
});

test("a viewer's token shows what the chat shows a viewer: attributes that are not exposed stay hidden", async () => {
  const search = { name: 'search_plan', arguments: { query: 'email', kinds: ['attribute'] } };
  const names = async (client: Client) =>
    ((await client.callTool(search)).structuredContent as { results: Array<{ name: string }> }).results.map(
      (r) => r.name,
    );
  expect(await names(await connect((await tokenFor(admin)).secret))).toContain('email');
  expect(await names(await connect((await tokenFor(viewer)).secret))).not.toContain('email');
});

test('a revoked token, a made-up one, a session token and none at all get a JSON 401 with a clear message', async () => {
  const created = await tokenFor(admin, 'to revoke');
  expect((await post(created.secret)).status).toBe(200);
  const revoked = await h.call(admin, { method: 'DELETE', url: `/api/insights/access-tokens/${created.token.id}` });
  expect(revoked.statusCode).toBe(204);

  const cases: Array<[string | null, string]> = [
    [created.secret, 'access_token_invalid'],
    [`tmp_${'x'.repeat(43)}`, 'access_token_invalid'],
    [admin.token, 'access_token_invalid'],
    [null, 'access_token_missing'],
  ];
  for (const [secret, code] of cases) {
    const response = await post(secret);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ statusCode: 401, code, message: expect.any(String) });
  }
  await expect(connect(created.secret)).rejects.toThrow(/401|not valid/);
});

test("a token stops working when its user leaves the company, and when the company's admins switch the assistant off", async () => {
  const leaver = await h.user(companyId, 'creator');
  const leaving = await tokenFor(leaver);
  expect((await post(leaving.secret)).status).toBe(200);
  h.peer.setRole(companyId, leaver.id, null);
  const gone = await post(leaving.secret);
  expect(gone.status).toBe(401);
  expect((await gone.json()).code).toBe('access_token_not_member');

  const staying = await tokenFor(viewer);
  const off = await h.call(admin, {
    method: 'PUT',
    url: `/api/insights/${companyId}/chat/settings`,
    payload: { enabled: false },
  });
  expect(off.statusCode).toBe(200);
  const refused = await post(staying.secret);
  expect(refused.status).toBe(403);
  expect((await refused.json()).code).toBe('assistant_disabled');
  await h.call(admin, { method: 'PUT', url: `/api/insights/${companyId}/chat/settings`, payload: { enabled: true } });
  expect((await post(staying.secret)).status).toBe(200);
});

test('GET and DELETE answer 405: the server is stateless, with no session stream', async () => {
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(mcpUrl(), { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  }
});
