import fp from 'fastify-plugin';
import {
  bearerToken,
  cacheVerifiedTokens,
  createAccessTokenVerifier,
  isTokenRejection,
  SESSION_EXPIRED,
} from '@tracemap/service-kit';

export interface AccessTokenCheckOptions {
  jwksUrl: string;
  issuer: string;
  /** Path prefixes whose bearer tokens must be valid user tokens when present. */
  prefixes: string[];
  /** The public (anon) key identifies the app, not a user; it passes untouched. */
  publicKey?: string;
  /** Exact paths whose bearer is a service's own credential, not a user token: passed on unchecked. */
  ownCredentials?: string[];
}

/**
 * The first line of authentication: a forged or expired token on an API
 * route stops here. Services verify again and authorize on their own.
 */
export default fp<AccessTokenCheckOptions>(
  async (app, options) => {
    // A token that verified moments ago is not verified again (until its exp, 30 s at most).
    const verify = cacheVerifiedTokens(createAccessTokenVerifier({ jwksUrl: options.jwksUrl, issuer: options.issuer }));
    const prefixes = options.prefixes.map((prefix) => ({ exact: prefix, under: `${prefix}/` }));
    const ownCredentials = new Set(options.ownCredentials ?? []);
    app.addHook('onRequest', async (request, reply) => {
      if (!prefixes.some((p) => request.url === p.exact || request.url.startsWith(p.under))) return;
      if (ownCredentials.has(request.url.split('?')[0])) return;
      const header = request.headers.authorization;
      if (!header) return;
      const token = bearerToken(header);
      if (token && token === options.publicKey) return;
      try {
        if (!token) throw Object.assign(new Error('malformed authorization header'), { code: 'ERR_JWT_MALFORMED' });
        await verify(token);
      } catch (error) {
        if (isTokenRejection(error)) {
          return reply.code(401).send({ statusCode: 401, code: 'session_expired', message: SESSION_EXPIRED });
        }
        request.log.warn({ err: error }, 'could not verify token: signing keys unreachable');
        return reply.code(503).header('retry-after', '5').send({
          statusCode: 503,
          code: 'service_unavailable',
          message: 'Sign-in cannot be checked right now. Try again later.',
        });
      }
    });
  },
  { name: 'access-token-check' },
);
