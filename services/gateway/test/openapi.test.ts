import { documentedRoutes, undescribedRoutes } from '@tracemap/service-kit';
import { useGatewayWorld } from './support/gateway-world';

const world = useGatewayWorld();

async function apiDocument() {
  const response = await world.gateway.inject('/api/gateway/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('the gateway describes what it answers itself at /api/gateway/openapi.json, not the routes it forwards nor the pages', async () => {
  const document = await apiDocument();
  expect(document.openapi).toMatch(/^3\./);
  expect(document.info.title).toBe('Tracemap gateway API');
  expect(documentedRoutes(document).sort()).toEqual([
    'GET /app-config.json',
    'GET /builds-latest.json',
    'GET /remotes.json',
  ]);
  // The document itself was answered by the gateway, not forwarded to a service.
  expect([world.auth, world.account, world.company].flatMap((u) => u.seen.map((s) => s.url))).not.toContain(
    '/api/gateway/openapi.json',
  );
});

test('every public gateway route declares the schema of its success answer, read without a token', async () => {
  const document = await apiDocument();
  expect(undescribedRoutes(document)).toEqual([]);
  expect(document.paths['/remotes.json'].get.responses['200'].content['application/json'].schema).toMatchObject({
    required: ['remotes', 'routes'],
  });
  expect(document.paths['/app-config.json'].get.security).toEqual([]);
});
