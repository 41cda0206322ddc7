import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AuthSessionSchema, AuthVerifyBody as VerifyBody, AuthVerifyQuery as VerifyQuery } from '@tracemap/contracts';
import { AuthError, validationFailed } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { withFragment, withQuery } from '../lib/redirects';
import { requestMeta } from '../lib/request-context';
import { verifyEmailToken } from '../use-cases/verify-email-token';

/** `POST /verify` answers a session; `GET /verify` (the emailed link) answers a 303 redirect. */
export default async function verifyRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.post<{ Body: Static<typeof VerifyBody> }>(
    '/verify',
    { schema: { body: VerifyBody, response: { 200: AuthSessionSchema } } },
    async (request) => {
      const body = request.body;
      if (!body.token_hash && !(body.email && body.token))
        throw validationFailed('Verify requires either a token_hash, or an email and a token');
      if (body.token && !/^\d{6}$/.test(body.token) && !body.token_hash)
        throw validationFailed('token must be the 6-digit code from the email');
      const outcome = await verifyEmailToken(
        deps,
        {
          type: body.type,
          tokenHash: body.token_hash,
          email: body.token_hash ? undefined : body.email,
          otp: body.token,
        },
        requestMeta(deps, request),
        false,
      );
      if (outcome.kind !== 'session') throw validationFailed('Unexpected verification outcome');
      return outcome.session;
    },
  );

  app.get<{ Querystring: Static<typeof VerifyQuery> }>(
    '/verify',
    { schema: { querystring: VerifyQuery, response: { 303: Type.Null() } } },
    async (request, reply) => {
      const query = request.query;
      const fallback = deps.redirects.resolve(query.redirect_to);
      reply.header('referrer-policy', 'no-referrer').header('cache-control', 'no-store');
      try {
        const outcome = await verifyEmailToken(
          deps,
          { type: query.type, tokenHash: query.token },
          requestMeta(deps, request),
          true,
        );
        const target = deps.redirects.resolve(query.redirect_to ?? outcome.redirectTo);
        if (outcome.kind === 'code') return reply.redirect(withQuery(target, { code: outcome.authCode }), 303);
        const s = outcome.session;
        return reply.redirect(
          withFragment(target, {
            access_token: s.access_token,
            expires_at: String(s.expires_at),
            expires_in: String(s.expires_in),
            refresh_token: s.refresh_token,
            token_type: 'bearer',
            type: outcome.type,
          }),
          303,
        );
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        const description = error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
        return reply.redirect(
          withFragment(fallback, {
            error: error.statusCode === 429 ? 'too_many_requests' : 'access_denied',
            error_code: error.code,
            error_description: description,
          }),
          303,
        );
      }
    },
  );
}
