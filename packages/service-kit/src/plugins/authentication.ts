import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createAccessTokenVerifier,
  isTokenRejection,
  type AccessClaims,
  type AccessTokenVerifier,
} from '../auth/verify-access-token';
import type { SessionStatusCache } from '../auth/session-status-cache';
import { cacheVerifiedTokens } from '../auth/verified-token-cache';
import { bearerToken } from '../http/bearer-token';
import { AppError } from '../errors';

export interface AuthContext {
  userId: string;
  email: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  role: string;
  claims: AccessClaims;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when the request carries no valid user token. */
    auth: AuthContext | null;
    /** Why a presented token was refused (expired, bad signature, revoked session…). */
    authFailure: string | null;
    /** Set when the token could not be checked because the identity provider is down. */
    authUnavailable: AppError | null;
    /** A specific refusal (e.g. the second factor is missing) to answer instead of the generic one. */
    authRejection: AppError | null;
  }
  interface FastifyInstance {
    verifyAccessToken: AccessTokenVerifier;
    /** The session answers this service keeps (null when it asks auth every time or has no session check). */
    sessionCache: SessionStatusCache | null;
    /** preHandler: refuses the request with 401 unless a valid user token came with it. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const NOT_LOGGED_IN = 'You must be logged in to access this page.';

export interface AuthenticationPluginOptions {
  /** Where the identity provider publishes its signing keys. */
  jwksUrl?: string;
  issuer?: string;
  /** Supply a verifier directly (e.g. the auth service verifying its own tokens). */
  verifier?: AccessTokenVerifier;
  /**
   * Called after the signature checks out, so a revoked session or a logged
   * out user is refused at once instead of when the token expires.
   */
  isSessionActive?: (claims: AccessClaims) => Promise<boolean>;
  /** Started with the app and stopped with it: the listener behind a cached `isSessionActive`. */
  sessionCache?: SessionStatusCache;
}

export default fp<AuthenticationPluginOptions>(
  async (app, options) => {
    const verify =
      options.verifier ??
      cacheVerifiedTokens(createAccessTokenVerifier({ jwksUrl: options.jwksUrl ?? '', issuer: options.issuer }));
    app.decorate('verifyAccessToken', verify);
    const sessionCache = options.sessionCache ?? null;
    app.decorate('sessionCache', sessionCache);
    if (sessionCache) {
      app.addHook('onReady', async () => sessionCache.start(app.log));
      app.addHook('onClose', async () => sessionCache.stop());
    }
    app.decorateRequest('auth', null);
    app.decorateRequest('authFailure', null);
    app.decorateRequest('authUnavailable', null);
    app.decorateRequest('authRejection', null);

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request.headers.authorization);
      // A bearer that is not a JWT (the public anon key) identifies the app, not a user.
      if (!token || token.split('.').length !== 3) return;
      try {
        const claims = await verify(token);
        // The public key is a valid JWT with role anon: it identifies the app, not a user.
        if (claims.role !== 'authenticated' || !claims.sub) return;
        if (options.isSessionActive && !(await options.isSessionActive(claims))) {
          request.authFailure = 'session_revoked';
          return;
        }
        request.auth = {
          userId: claims.sub,
          email: claims.email ?? '',
          sessionId: claims.session_id ?? '',
          aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
          role: claims.role,
          claims,
          token,
        };
      } catch (error) {
        if (error instanceof AppError && error.statusCode >= 500) request.authUnavailable = error;
        else if (error instanceof AppError) request.authRejection = error;
        else if (error instanceof AppError || isTokenRejection(error)) request.authFailure = (error as Error).message;
        else
          request.authUnavailable = new AppError(
            503,
            'auth_unavailable',
            'Sign-in cannot be checked right now. Try again later.',
            {
              'retry-after': '5',
            },
          );
      }
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (request.auth) return;
      if (request.authUnavailable) throw request.authUnavailable;
      if (request.authRejection) throw request.authRejection;
      if (request.authFailure) throw new AppError(401, 'session_expired', SESSION_EXPIRED);
      throw new AppError(401, 'not_logged_in', NOT_LOGGED_IN);
    });
  },
  { name: 'authentication' },
);
