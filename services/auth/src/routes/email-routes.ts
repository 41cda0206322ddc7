import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AuthOtpBody as OtpBody,
  AuthRecoverBody as RecoverBody,
  AuthRedirectQuery as RedirectQuery,
  AuthResendBody as ResendBody,
  AuthSignUpBody as SignUpBody,
  EmptyResponseSchema,
  SignUpResponseSchema,
} from '@tracemap/contracts';
import type { AuthDeps } from '../lib/deps';
import { requestMeta } from '../lib/request-context';
import { recoverPassword } from '../use-cases/recover-password';
import { resendEmail } from '../use-cases/resend-email';
import { sendOtp } from '../use-cases/send-otp';
import { signUp } from '../use-cases/sign-up';

type Query = Static<typeof RedirectQuery>;

/** Endpoints that start something by email: sign-up, magic link / OTP, password reset, resend. */
export default async function emailRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.post<{ Body: Static<typeof SignUpBody>; Querystring: Query }>(
    '/signup',
    { schema: { body: SignUpBody, querystring: RedirectQuery, response: { 200: SignUpResponseSchema } } },
    async (request) => {
      const { email, password, data, code_challenge, code_challenge_method } = request.body;
      return signUp(
        deps,
        {
          email,
          password,
          data: data ?? undefined,
          code_challenge,
          code_challenge_method,
          redirectTo: request.query.redirect_to,
        },
        requestMeta(deps, request),
      );
    },
  );

  app.post<{ Body: Static<typeof OtpBody>; Querystring: Query }>(
    '/otp',
    { schema: { body: OtpBody, querystring: RedirectQuery, response: { 200: EmptyResponseSchema } } },
    async (request) => {
      const { email, data, create_user, code_challenge, code_challenge_method } = request.body;
      return sendOtp(
        deps,
        {
          email,
          data: data ?? undefined,
          createUser: create_user ?? true,
          code_challenge,
          code_challenge_method,
          redirectTo: request.query.redirect_to,
        },
        requestMeta(deps, request),
      );
    },
  );

  app.post<{ Body: Static<typeof RecoverBody>; Querystring: Query }>(
    '/recover',
    { schema: { body: RecoverBody, querystring: RedirectQuery, response: { 200: EmptyResponseSchema } } },
    async (request) => {
      const { email, code_challenge, code_challenge_method } = request.body;
      return recoverPassword(
        deps,
        { email, code_challenge, code_challenge_method, redirectTo: request.query.redirect_to },
        requestMeta(deps, request),
      );
    },
  );

  app.post<{ Body: Static<typeof ResendBody>; Querystring: Query }>(
    '/resend',
    { schema: { body: ResendBody, querystring: RedirectQuery, response: { 200: EmptyResponseSchema } } },
    async (request) => {
      const { email, type, code_challenge, code_challenge_method } = request.body;
      return resendEmail(
        deps,
        { email, type, code_challenge, code_challenge_method, redirectTo: request.query.redirect_to },
        requestMeta(deps, request),
      );
    },
  );
}
