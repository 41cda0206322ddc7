import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { configLoader, defineService, documentedRoutes, StatelessConfigSchema, undescribedRoutes } from '../src';

// No database: the document is built from the routes alone.
const loadConfig = configLoader(StatelessConfigSchema);
const config = () => loadConfig({ PORT: '0', LOG_LEVEL: 'silent' });
const Note = Type.Object({ id: Type.String(), text: Type.String() }, { additionalProperties: false });

function declare(openApi?: { path: string } | false) {
  return defineService({
    name: 'notes',
    config: loadConfig,
    migrations: false,
    readiness: () => async () => undefined,
    openApi,
    deps: () => ({}),
    routes: [
      async (app) => {
        app.get('/api/notes/items/:id', { schema: { response: { 200: Note } } }, async () => ({ id: '1', text: 'a' }));
        app.delete('/api/notes/items/:id', { schema: { response: { 204: Type.Null() } } }, async (_request, reply) =>
          reply.code(204).send(),
        );
        app.post('/api/notes', async () => ({ id: '2', text: 'b' }));
        // What a service answers but is not its API (the gateway's forwarded routes and pages) is marked hidden.
        app.get('/notes/page', { schema: { hide: true } }, async () => 'page');
      },
      { plugin: async (app) => void app.get('/notes/count', async () => ({ count: 2 })), prefix: '/internal' },
    ],
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('a declared service serves its public routes as OpenAPI at /api/{name}/openapi.json, internal and hidden routes left out', async () => {
  app = await declare().build(config());
  const response = await app.inject('/api/notes/openapi.json');
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.0.3');
  expect(document.info.title).toBe('Tracemap notes API');
  expect(documentedRoutes(document).sort()).toEqual([
    'DELETE /api/notes/items/{id}',
    'GET /api/notes/items/{id}',
    'POST /api/notes',
  ]);
  expect(document.paths['/api/notes/items/{id}'].get.responses['200'].content['application/json'].schema).toMatchObject(
    { required: ['id', 'text'] },
  );
});

test('undescribedRoutes names each public route whose success answer has no schema', async () => {
  app = await declare().build(config());
  expect(undescribedRoutes((await app.inject('/api/notes/openapi.json')).json())).toEqual(['POST /api/notes']);
});

test('the document may be served elsewhere (auth: under /auth/v1), or not at all', async () => {
  app = await declare({ path: '/auth/v1/openapi.json' }).build(config());
  expect((await app.inject('/auth/v1/openapi.json')).statusCode).toBe(200);
  expect((await app.inject('/api/notes/openapi.json')).statusCode).toBe(404);
  await app.close();
  app = await declare(false).build(config());
  expect((await app.inject('/api/notes/openapi.json')).statusCode).toBe(404);
});
