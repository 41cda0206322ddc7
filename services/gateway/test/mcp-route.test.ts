import Fastify, { type FastifyInstance } from 'fastify';
import { buildLoneGateway } from './support/lone-gateway';

// A stand-in insights whose MCP route answers as the SDK's transport does (an event stream),
// holding the stream open until the test has read the first message through the gateway.
let insights: FastifyInstance;
let gateway: FastifyInstance;
let gatewayUrl: string;
let release: () => void = () => undefined;
const seenAuthorization: Array<string | undefined> = [];

const personalToken = `tmp_${'A'.repeat(43)}`;
const message = (id: number) => `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n\n`;

beforeAll(async () => {
  insights = Fastify();
  insights.post('/api/insights/mcp', (request, reply) => {
    seenAuthorization.push(request.headers.authorization);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write(message(1));
    const released = new Promise<void>((resolve) => (release = resolve));
    void released.then(() => reply.raw.end(message(2)));
  });
  insights.get('/api/insights/access-tokens', async () => ({ tokens: [] }));
  gateway = await buildLoneGateway('mcp', { INSIGHTS_URL: await insights.listen({ port: 0, host: '127.0.0.1' }) });
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  release();
  await gateway?.close();
  await insights?.close();
});

test('a personal access token reaches insights untouched at /api/insights/mcp, and its stream is not buffered', async () => {
  const response = await fetch(`${gatewayUrl}/api/insights/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${personalToken}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.status).toBe(200);
  expect(seenAuthorization).toEqual([`Bearer ${personalToken}`]);

  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  while (!received.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
  }
  // The upstream has not ended its answer yet: this arrived as it was written.
  expect(received).toBe(message(1));
  release();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
  }
  expect(received).toBe(message(1) + message(2));
});

test('anywhere else a personal access token is no session: the gateway refuses it as before', async () => {
  const response = await fetch(`${gatewayUrl}/api/insights/access-tokens`, {
    headers: { authorization: `Bearer ${personalToken}` },
  });
  expect(response.status).toBe(401);
  expect((await response.json()).code).toBe('session_expired');
});
