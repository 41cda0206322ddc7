import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Collects every route's schemas into an OpenAPI document. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tracemap company API',
        description: 'Companies, members, invitations and the tracking plan (attributes, events, views, maps).',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // Internal routes are for other services, not for API clients.
    hideUntagged: false,
    transform: ({ schema, url }) => ({
      schema: { ...schema, hide: url.startsWith('/internal') || url === '/api/company/openapi.json' },
      url,
    }),
  });
}

export async function openApiRoutes(app: FastifyInstance) {
  app.get('/openapi.json', { config: { failureMessage: 'Could not describe the API. Try again later.' } }, async () =>
    app.swagger(),
  );
}
