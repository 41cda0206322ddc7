import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  AuthChallengeFactorBody as ChallengeBody,
  AuthEnrollFactorBody as EnrollBody,
  AuthFactorParams as FactorParams,
  AuthSessionSchema,
  AuthVerifyFactorBody as VerifyBody,
  EnrolledFactorSchema,
  FactorChallengeSchema,
  UnenrolledFactorSchema,
} from '@tracemap/contracts';
import { authError } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { requestMeta, requireCaller } from '../lib/request-context';
import { challengeFactor } from '../use-cases/challenge-factor';
import { enrollFactor } from '../use-cases/enroll-factor';
import { unenrollFactor } from '../use-cases/unenroll-factor';
import { verifyFactor } from '../use-cases/verify-factor';

export default async function factorRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.post<{ Body: Static<typeof EnrollBody> }>(
    '/factors',
    { schema: { body: EnrollBody, response: { 200: EnrolledFactorSchema } } },
    async (request) => {
      const caller = requireCaller(deps, request);
      if (request.body.factor_type !== 'totp') {
        throw authError(
          422,
          'mfa_factor_type_not_supported',
          `Factor type ${request.body.factor_type} is not supported: use totp`,
        );
      }
      return enrollFactor(deps, caller, { friendlyName: request.body.friendly_name, issuer: request.body.issuer });
    },
  );

  app.post<{ Params: Static<typeof FactorParams>; Body: Static<typeof ChallengeBody> }>(
    '/factors/:factorId/challenge',
    { schema: { params: FactorParams, body: ChallengeBody, response: { 200: FactorChallengeSchema } } },
    async (request) =>
      challengeFactor(deps, requireCaller(deps, request), request.params.factorId, requestMeta(deps, request)),
  );

  app.post<{ Params: Static<typeof FactorParams>; Body: Static<typeof VerifyBody> }>(
    '/factors/:factorId/verify',
    { schema: { params: FactorParams, body: VerifyBody, response: { 200: AuthSessionSchema } } },
    async (request) =>
      verifyFactor(
        deps,
        requireCaller(deps, request),
        { factorId: request.params.factorId, challengeId: request.body.challenge_id, code: request.body.code },
        requestMeta(deps, request),
      ),
  );

  app.delete<{ Params: Static<typeof FactorParams> }>(
    '/factors/:factorId',
    { schema: { params: FactorParams, response: { 200: UnenrolledFactorSchema } } },
    async (request) => unenrollFactor(deps, requireCaller(deps, request), request.params.factorId),
  );
}
