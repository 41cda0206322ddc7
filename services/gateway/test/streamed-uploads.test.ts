import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildLoneGateway } from './support/lone-gateway';

// A stand-in insights service that reads an upload as a stream and answers what reached it.
let insights: FastifyInstance;
let gateway: FastifyInstance;
let gatewayUrl: string;

beforeAll(async () => {
  insights = Fastify();
  insights.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  insights.post<{ Params: { companyId: string } }>(
    '/api/insights/:companyId/discovery/uploads',
    async (request, reply) => {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of request.raw) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
      }
      return reply.code(202).send({ bytes, sha256: hash.digest('hex'), type: request.headers['content-type'] });
    },
  );
  insights.post('/api/insights/:companyId/discovery/sources', async (request) => ({ body: request.body }));
  const insightsUrl = await insights.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildLoneGateway('uploads', { INSIGHTS_URL: insightsUrl });
  // Over HTTP: the client's body must arrive as a socket stream, as in production.
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await gateway?.close();
  await insights?.close();
});

const companyId = '6f1c1d4e-3b1a-4c2e-9a55-0d1f2e3a4b5c';

test('an upload far past the gateway body limit reaches insights whole, byte for byte, with its content type', async () => {
  const file = randomBytes(5 * 1024 * 1024);
  const response = await fetch(`${gatewayUrl}/api/insights/${companyId}/discovery/uploads?format=auto`, {
    method: 'POST',
    headers: { 'content-type': 'application/gzip' },
    body: file,
  });
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({
    bytes: file.length,
    sha256: createHash('sha256').update(file).digest('hex'),
    type: 'application/gzip',
  });
});

test("insights' other routes keep the gateway's usual body limit", async () => {
  const tooLarge = await gateway.inject({
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/sources`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
  });
  expect(tooLarge.statusCode).toBe(413);
  const small = await gateway.inject({
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/sources`,
    payload: { kind: 'upload', name: 'Files' },
  });
  expect(small.statusCode).toBe(200);
  expect(small.json()).toEqual({ body: { kind: 'upload', name: 'Files' } });
});
