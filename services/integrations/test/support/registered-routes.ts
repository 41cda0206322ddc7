import type { FastifyInstance } from 'fastify';

/** Every method and full path in Fastify's route tree, whose nested lines hold only the rest of a path. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match.index / 4);
    prefixes.length = depth;
    const path = `${prefixes.join('')}${match[1]}`;
    prefixes.push(match[1]);
    for (const method of match[2].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
