import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenKit, TEST_PUBLIC_URL } from '@tracemap/test-kit';

export const PUBLIC_URL = TEST_PUBLIC_URL;

/**
 * Stands in for the auth service (signing keys) and the account service
 * (`GET /internal/users/:id/product-admin`) on a real port, so the admin gate
 * of the sandbox clock is checked through real HTTP and real token checks.
 */
export interface IdentityPeer {
  url: string;
  admins: Set<string>;
  adminChecks: number;
  mint(userId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startIdentityPeer(serviceToken: string): Promise<IdentityPeer> {
  const tokens = await createTokenKit({ kid: 'sandbox-test' });
  const admins = new Set<string>();
  const peer = { adminChecks: 0 };
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = request.url ?? '';
    if (url === '/auth/v1/.well-known/jwks.json') return send(200, { keys: [tokens.jwk] });
    const admin = /^\/internal\/users\/([^/]+)\/product-admin$/.exec(url);
    if (admin) {
      if (request.headers['x-service-token'] !== serviceToken)
        return send(401, { statusCode: 401, code: 'invalid_service_token', message: 'no' });
      peer.adminChecks++;
      return send(200, { anamapAdmin: admins.has(decodeURIComponent(admin[1])) });
    }
    return send(404, { statusCode: 404, code: 'not_found', message: url });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    admins,
    get adminChecks() {
      return peer.adminChecks;
    },
    mint: (userId) => tokens.mint({ sub: userId, email: `${userId.slice(0, 8)}@example.com` }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
