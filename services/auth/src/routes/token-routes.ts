import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, ValueErrorType } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import { authError, validationFailed } from '../lib/auth-error';
import type { AuthDeps } from '../lib/deps';
import { requestMeta } from '../lib/request-context';
import { exchangePkceCode } from '../use-cases/exchange-pkce-code';
import { refreshSession } from '../use-cases/refresh-session';
import { signInWithPassword } from '../use-cases/sign-in-with-password';
import { ClientExtras, Email, Password, Strict } from './schemas';
import { AuthSessionSchema } from '@tracemap/contracts';

const PasswordGrant = Type.Object({ email: Email, password: Password, ...ClientExtras }, Strict);
const RefreshGrant = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 256 }) }, Strict);
const PkceGrant = Type.Object(
  { auth_code: Type.String({ minLength: 1, maxLength: 256 }), code_verifier: Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9._~-]+$' }) },
  Strict,
);

const TokenQuery = Type.Object({ grant_type: Type.String({ maxLength: 32 }) }, Strict);

function compile<T extends TSchema>(schema: T) {
  const check = TypeCompiler.Compile(schema);
  return (body: unknown): Static<T> => {
    const first = check.Errors(body).First();
    if (!first) return body as Static<T>;
    const field = first.path.replace(/^\//, '');
    if (first.type === ValueErrorType.ObjectRequiredProperty) throw validationFailed(`${field} required`);
    if (first.type === ValueErrorType.ObjectAdditionalProperties) throw validationFailed(`Unknown field: ${field}`);
    throw validationFailed(`${field || 'body'}: ${first.message.toLowerCase()}`);
  };
}

const readPassword = compile(PasswordGrant);
const readRefresh = compile(RefreshGrant);
const readPkce = compile(PkceGrant);

/** `POST /token?grant_type=password|refresh_token|pkce`; each grant has its own strict body. */
export default async function tokenRoutes(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  app.post<{ Querystring: Static<typeof TokenQuery> }>(
    '/token',
    { schema: { querystring: TokenQuery, body: Type.Object({}, { additionalProperties: true }), response: { 200: AuthSessionSchema } } },
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
