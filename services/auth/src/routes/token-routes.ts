import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import {
  AuthPasswordGrantBody,
  AuthPkceGrantBody,
  AuthRefreshGrantBody,
  AuthSessionSchema,
  AuthTokenQuery,
} from '@tracemap/contracts';
import { authError, validationFailed } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { requestMeta } from '../lib/request-context';
import { exchangePkceCode } from '../use-cases/exchange-pkce-code';
import { refreshSession } from '../use-cases/refresh-session';
import { signInWithPassword } from '../use-cases/sign-in-with-password';

/** A reader for one grant's body: the checked body, or GoTrue's validation error naming the field. */
function compile<T extends TSchema>(schema: T) {
  const check = TypeCompiler.Compile(schema);
  return (body: unknown): Static<T> => {
    if (check.Check(body)) return body;
    const first = check.Errors(body).First();
    const field = first?.path.replace(/^\//, '') ?? '';
    if (first?.type === ValueErrorType.ObjectRequiredProperty) throw validationFailed(`${field} required`);
    if (first?.type === ValueErrorType.ObjectAdditionalProperties) throw validationFailed(`Unknown field: ${field}`);
    throw validationFailed(`${field || 'body'}: ${(first?.message ?? 'is invalid').toLowerCase()}`);
  };
}

const readPassword = compile(AuthPasswordGrantBody);
const readRefresh = compile(AuthRefreshGrantBody);
const readPkce = compile(AuthPkceGrantBody);

/** `POST /token?grant_type=password|refresh_token|pkce`; each grant has its own strict body. */
export default async function tokenRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.post<{ Querystring: Static<typeof AuthTokenQuery> }>(
    '/token',
    {
      schema: {
        querystring: AuthTokenQuery,
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: AuthSessionSchema },
      },
    },
    async (request) => {
      const meta = requestMeta(deps, request);
      switch (request.query.grant_type) {
        case 'password': {
          const body = readPassword(request.body);
          return signInWithPassword(deps, { email: body.email, password: body.password }, meta);
        }
        case 'refresh_token':
          return refreshSession(deps, readRefresh(request.body).refresh_token, meta);
        case 'pkce': {
          const body = readPkce(request.body);
          return exchangePkceCode(deps, { authCode: body.auth_code, codeVerifier: body.code_verifier }, meta);
        }
        default:
          throw authError(400, 'unsupported_grant_type', `Unsupported grant type: ${request.query.grant_type}`);
      }
    },
  );
}
