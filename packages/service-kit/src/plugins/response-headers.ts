import fp from 'fastify-plugin';

/**
 * Headers every response carries, set in one place for every service and
 * the gateway. Browsers must never guess a content type (a JSON answer
 * holding user text must not run as HTML or script). API answers hold
 * personal data (member emails, names), so nothing is stored by browsers or
 * proxies unless the route chose its own caching — pages and manifests
 * revalidate (`no-cache`), content-hashed files are `immutable`.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'response-headers' },
);
