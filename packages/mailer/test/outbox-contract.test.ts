import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, createInternalClient } from '@tracemap/service-kit';
import { outboxInternalClient, type OutboxInternalClient } from '../src';

// The product-admin area reads every service's outbox through this client: an answer that left
// the outbox routes' contract is a 502, never a value of the wrong shape.
const driftedAnswers: Record<string, unknown> = {
  '/internal/outbox?': { emails: [{ id: 'e1', to: 'a@example.com' }] },
  '/internal/outbox/stats': { queued: 1, sent: 2, failed: 0 },
  '/internal/outbox/e1': { id: 'e1', subject: 'Hi' },
  '/internal/outbox/e1/resend': { outcome: 'maybe', id: 'e2' },
};
let drifted: http.Server;
let client: OutboxInternalClient;

beforeAll(async () => {
  drifted = http.createServer((request, response) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(driftedAnswers[request.url ?? ''] ?? {})),
  );
  await new Promise<void>((resolve) => drifted.listen(0, '127.0.0.1', resolve));
  const { port } = drifted.address() as AddressInfo;
  client = outboxInternalClient(createInternalClient({ baseUrl: `http://127.0.0.1:${port}` }));
});
afterAll(async () => new Promise((resolve) => drifted.close(resolve)));

test('an outbox answer outside the contract is a 502', async () => {
  for (const attempt of [
    () => client.search({}),
    () => client.stats(),
    () => client.get('e1'),
    () => client.resend('e1'),
  ]) {
    const failure = await attempt().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});
