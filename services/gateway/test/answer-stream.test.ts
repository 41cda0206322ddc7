import Fastify, { type FastifyInstance } from 'fastify';
import { buildLoneGateway } from './support/lone-gateway';

// A stand-in insights that streams an answer the way the assistant does, and holds back
// `done` until the test has read the first delta through the gateway: a gateway that
// buffered the answer would deliver nothing, and the read would run out of time.
let insights: FastifyInstance;
let gateway: FastifyInstance;
let gatewayUrl: string;
let releaseDone: () => void = () => undefined;
let seenAccept: string | undefined;

const companyId = '6f1c1d4e-3b1a-4c2e-9a55-0d1f2e3a4b5c';
const threadId = '0b7e1c2a-5d4f-4e3a-8b9c-1a2b3c4d5e6f';
const messages = `/api/insights/${companyId}/chat/threads/${threadId}/messages`;
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

beforeAll(async () => {
  insights = Fastify();
  insights.post(messages, (request, reply) => {
    seenAccept = request.headers.accept;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(event('delta', { text: 'Yes, **Product Viewed** is tracked.' }));
    const released = new Promise<void>((resolve) => (releaseDone = resolve));
    void released.then(() => {
      reply.raw.write(event('reference', { kind: 'event', id: 'evt-1' }));
      reply.raw.end(event('done', { id: threadId, content: 'Yes.' }));
    });
  });
  gateway = await buildLoneGateway('stream', { INSIGHTS_URL: await insights.listen({ port: 0, host: '127.0.0.1' }) });
  // Over HTTP, so the answer reaches the client through real sockets as in production.
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  releaseDone();
  await gateway?.close();
  await insights?.close();
});

test("the assistant's answer stream passes the gateway unbuffered: the first delta arrives before done is even written", async () => {
  const response = await fetch(`${gatewayUrl}${messages}`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Is Product Viewed tracked?' }),
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
  expect(seenAccept).toBe('text/event-stream');

  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  while (!received.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
  }
  expect(received).toBe(event('delta', { text: 'Yes, **Product Viewed** is tracked.' }));

  releaseDone();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
  }
  expect(
    received
      .split('\n\n')
      .filter(Boolean)
      .map((block) => block.split('\n')[0]),
  ).toEqual(['event: delta', 'event: reference', 'event: done']);
});
