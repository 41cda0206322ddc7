import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The integrations service's internal notification route as a producer sees it: it
 * records what is posted (with the service token it came with) and can refuse the next
 * posts with the statuses in `failures`, as an integrations service that is down would.
 * `Body`: the notification contract, which the caller knows.
 */
export class IntegrationsPeer<Body = unknown> {
  readonly received: Array<{ body: Body; serviceToken: string | undefined }> = [];
  failures: number[] = [];
  private readonly server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const failure = this.failures.shift();
      if (failure) {
        response.writeHead(failure, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'unavailable', message: 'Try again later.' }));
        return;
      }
      const serviceToken = request.headers['x-service-token'];
      this.received.push({
        body: JSON.parse(text),
        serviceToken: typeof serviceToken === 'string' ? serviceToken : undefined,
      });
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ accepted: true, deliveries: 1 }));
    });
  });

  /** Listens on a free local port and answers the base URL to configure as INTEGRATIONS_URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
