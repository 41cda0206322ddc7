import cors from '@fastify/cors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '@tracemap/service-kit';
import { AuthError } from '../lib/auth-error';
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/database-unavailable';
import type { AuthDeps } from '../lib/deps';
import adminRoutes from './admin-routes';
import emailRoutes from './email-routes';
import factorRoutes from './factor-routes';
import publicRoutes from './public-routes';
import tokenRoutes from './token-routes';
import userRoutes from './user-routes';
import verifyRoutes from './verify-routes';

export const API_VERSION = '2024-01-01';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function describeValidation(issues: ValidationIssue[], context?: string): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  if (first.keyword === 'required') return `${String(first.params.missingProperty)} required`;
  if (first.keyword === 'additionalProperties') return `Unknown field: ${String(first.params.additionalProperty)}`;
  const where = first.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'input';
  return `${where} ${first.message ?? 'is invalid'}`;
}

function errorBody(code: string, message: string, extra?: Record<string, unknown>) {
  return { code, error_code: code, msg: message, message, ...(extra ?? {}) };
}

/**
 * Everything under `/auth/v1`, speaking GoTrue's dialect: errors as
 * `{code, error_code, msg, message}` with the API version header, and CORS
 * for browsers. Bodies go through the service kit's JSON parser, which takes
 * an empty body as none (supabase-js sends one on logout) and refuses bodies
 * that are not UTF-8 or nest too deeply; its errors get this dialect below.
 */
export default async function authApi(app: FastifyInstance, { deps }: { deps: AuthDeps }) {
  const allowedOrigins = new Set(
    [deps.config.PUBLIC_URL, ...deps.config.AUTH_CORS_ORIGINS.split(',')]
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
  );
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || allowedOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
      'x-request-id',
    ],
    exposedHeaders: ['X-Supabase-Api-Version'],
    maxAge: 600,
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-supabase-api-version', API_VERSION);
  });

  app.setErrorHandler((failure: FastifyError | AppError, request, reply) => {
    reply.header('x-supabase-api-version', API_VERSION);
    // While PostgreSQL restarts, a retryable 503 rather than a 500 that reads as a bug.
    const unavailable = isDatabaseUnavailable(failure);
    if (unavailable) request.log.warn({ err: failure }, 'auth database unavailable');
    const error = unavailable ? databaseUnavailable() : failure;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const extra = error instanceof AuthError ? error.extra : undefined;
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, extra));
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      return reply
        .code(400)
        .send(
          errorBody('validation_failed', describeValidation(fe.validation as ValidationIssue[], fe.validationContext)),
        );
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode < 500) {
      const code =
        fe.statusCode === 415
          ? 'unsupported_media_type'
          : fe.statusCode === 413
            ? 'request_too_large'
            : 'validation_failed';
      return reply.code(fe.statusCode).send(errorBody(code, fe.message));
    }
    request.log.error({ err: error }, 'auth request failed');
    return reply.code(500).send(errorBody('unexpected_failure', 'An unexpected error occurred. Try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('not_found', `Route not found: ${request.method} ${request.url.split('?')[0]}`));
  });

  for (const routes of [publicRoutes, emailRoutes, tokenRoutes, verifyRoutes, userRoutes, factorRoutes, adminRoutes]) {
    await app.register(routes, { deps });
  }
}
