import Fastify, { type FastifyInstance } from 'fastify';
import { buildLoneGateway } from './support/lone-gateway';

let mailbox: FastifyInstance;
let mailboxUrl: string;
const seen: string[] = [];
const gateways: FastifyInstance[] = [];

async function gatewayWith(nodeEnv: 'production' | 'development'): Promise<FastifyInstance> {
  const app = await buildLoneGateway('mailbox', { NODE_ENV: nodeEnv, DEV_MAILBOX_URL: mailboxUrl });
  gateways.push(app);
  return app;
}

beforeAll(async () => {
  mailbox = Fastify();
  mailbox.get('/*', async (request) => {
    seen.push(request.url);
    return { messages: [] };
  });
  mailboxUrl = await mailbox.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await mailbox.close();
});

test('with NODE_ENV=production the dev mailbox is a 404 even when its address is configured, and it is never reached', async () => {
  const gateway = await gatewayWith('production');
  for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
    const response = await gateway.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  }
  expect(seen).toEqual([]);
});

test('outside production the gateway routes /dev/mailbox to it', async () => {
  const gateway = await gatewayWith('development');
  const response = await gateway.inject({ method: 'GET', url: '/dev/mailbox/1' });
  expect(response.statusCode).toBe(200);
  expect(seen).toEqual(['/dev/mailbox/1']);
});
