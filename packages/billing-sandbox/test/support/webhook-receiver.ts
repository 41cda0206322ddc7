import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  raw: string;
  signature: string;
  event: {
    id: string;
    type: string;
    created: number;
    data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  };
}

/**
 * A webhook endpoint on a real port. It answers with the queued status codes
 * (then 200) and lets a test wait for a delivery with a deadline instead of
 * sleeping.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Status codes for the next deliveries, in order. */
  answers: number[];
  waitFor(match: (hook: ReceivedWebhook) => boolean, deadlineMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const waiters: Array<{ match: (hook: ReceivedWebhook) => boolean; resolve: (hook: ReceivedWebhook) => void }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      const raw = Buffer.concat(chunks).toString('utf8');
      if (status >= 200 && status < 300) {
        const hook = { raw, signature: String(request.headers['stripe-signature'] ?? ''), event: JSON.parse(raw) };
        received.push(hook);
        for (const waiter of [...waiters]) {
          if (waiter.match(hook)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(hook);
          }
        }
      }
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    answers,
    waitFor(match, deadlineMs = 10_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no matching webhook arrived before the deadline')),
          deadlineMs,
        );
        waiters.push({
          match,
          resolve: (hook) => {
            clearTimeout(timer);
            resolve(hook);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
