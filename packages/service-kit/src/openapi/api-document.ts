import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** How a service describes its public API; every route's TypeBox schemas fill in the rest. */
export interface ApiDocumentDeclaration {
  title?: string;
  description?: string;
  /** Where the document is served; `/api/{service}/openapi.json` by default, under the prefix the gateway routes to the service. */
  path?: string;
}

export const apiDocumentPath = (service: string, declaration: ApiDocumentDeclaration = {}) =>
  declaration.path ?? `/api/${service}/openapi.json`;

const isPublic = (url: string, documentPath: string) => !url.startsWith('/internal') && url !== documentPath;
// A browser's CORS preflight is answered for every path; it is no operation of the API.
const isPreflight = (method: string | string[]) => [method].flat().every((m) => m === 'OPTIONS');

/**
 * Starts collecting the routes registered from here on into an OpenAPI
 * document; `/internal/*` routes (service to service, never routed by the
 * gateway) are left out, and so are routes whose schema says `hide: true`
 * (what a service answers that is not its API: the gateway's forwarded
 * routes and pages). A service that set up its own document keeps it.
 */
export async function collectApiDocument(
  app: FastifyInstance,
  service: string,
  declaration: ApiDocumentDeclaration = {},
): Promise<void> {
  if (app.hasDecorator('swagger')) return;
  const documentPath = apiDocumentPath(service, declaration);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: declaration.title ?? `Tracemap ${service} API`,
        description: declaration.description,
        version: '1',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => ({
      schema: { ...schema, hide: schema?.hide === true || !isPublic(url, documentPath) || isPreflight(route.method) },
      url,
    }),
  });
}

/** Serves the document once every route is registered, unless the service already serves one there. */
export function serveApiDocument(
  app: FastifyInstance,
  service: string,
  declaration: ApiDocumentDeclaration = {},
): void {
  const url = apiDocumentPath(service, declaration);
  if (app.hasRoute({ method: 'GET', url })) return;
  app.get(url, { config: { failureMessage: 'Could not describe the API. Try again later.' } }, async () =>
    app.swagger(),
  );
}
