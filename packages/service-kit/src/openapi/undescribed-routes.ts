type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined> };
type ApiDocument = { paths?: Record<string, Record<string, Operation | undefined> | undefined> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * A success answer is described when its body has a schema, or when it has
 * no body (204, or a redirect the route declared).
 */
function describesSuccess(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      status === '204' ||
      /^3\d\d$/.test(status) ||
      (/^2(\d\d|xx)$/i.test(status) && Object.values(response?.content ?? {}).some((c) => c.schema !== undefined)),
  );
}

/**
 * Every public route of an OpenAPI document whose success answer has no
 * schema, as `METHOD /path`: what a client of that route cannot type, and
 * what the service does not check before sending.
 */
export function undescribedRoutes(document: unknown): string[] {
  const paths = (document as ApiDocument | null)?.paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation && !describesSuccess(operation) ? [`${method.toUpperCase()} ${path}`] : [];
    }),
  );
}

/** Every public route of an OpenAPI document, as `METHOD /path`. */
export function documentedRoutes(document: unknown): string[] {
  const paths = (document as ApiDocument | null)?.paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );
}
