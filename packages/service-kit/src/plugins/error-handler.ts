import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from '../errors';
import { ERROR_MESSAGE_KEYWORD, NAME_TEXT_KEYWORD } from '../validation/validator-compiler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Message sent instead of the schema's own when the input does not validate. */
    validationMessage?: string;
    /** Generic message for an unexpected failure of this route; ends with 'Try again later.' */
    failureMessage?: string;
  }
}

/** A service's reading of a failure (e.g. a lost database connection as a 503); the error itself when it has none. */
export type ErrorTranslation = (error: unknown, request: FastifyRequest) => unknown;

const DEFAULT_FAILURE = 'Something went wrong. Try again later.';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema holding the failed keyword (validation runs verbose). */
  parentSchema?: Record<string, unknown>;
}

const ownMessage = (issue: ValidationIssue | undefined): string | undefined => {
  const message = issue?.parentSchema?.[ERROR_MESSAGE_KEYWORD];
  return typeof message === 'string' ? message : undefined;
};

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  return `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.')}` || context || 'input';
}

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  if (first.keyword === NAME_TEXT_KEYWORD)
    return `${fieldOf(first, context)} contains characters that are not allowed in a name`;
  const own = ownMessage(first);
  if (own) return `${fieldOf(first, context)} ${own}`;
  if (first.keyword === 'required') return `${String(first.params.missingProperty)} required`;
  if (first.keyword === 'additionalProperties') return `Unknown field: ${String(first.params.additionalProperty)}`;
  return `${fieldOf(first, context)} ${first.message ?? 'is invalid'}`;
}

/**
 * Turns every failure into `{ statusCode, code, message }`. Expected errors
 * keep their message; anything else is logged with the request id and
 * answered with a generic message, so no stack or SQL leaves the service.
 */
export default fp<{ translate?: ErrorTranslation }>(
  async (app, options) => {
    app.setErrorHandler((failure: FastifyError | AppError, request, reply) => {
      const error = (options.translate ? options.translate(failure, request) : failure) as FastifyError | AppError;
      const config = request.routeOptions?.config ?? {};
      let body: ErrorBody;
      if (error instanceof AppError) {
        // Details travel next to the three fixed fields and can never replace them.
        body = { ...error.details, statusCode: error.statusCode, code: error.code, message: error.message };
        if (error.headers) reply.headers(error.headers);
      } else if ((error as FastifyError).validation) {
        const fe = error as FastifyError;
        const issues = fe.validation as ValidationIssue[];
        // A refused name or a field with its own wording says why, even on a route with its own generic message.
        const own =
          issues[0]?.keyword === NAME_TEXT_KEYWORD || ownMessage(issues[0]) ? undefined : config.validationMessage;
        body = {
          statusCode: 400,
          code: 'validation_failed',
          message: own ?? describeValidation(issues, fe.validationContext),
        };
      } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
        const fe = error as FastifyError;
        body = {
          statusCode: fe.statusCode!,
          code: (fe.code ?? 'bad_request').toLowerCase(),
          message: fe.message,
        };
      } else {
        request.log.error({ err: error }, 'request failed');
        body = { statusCode: 500, code: 'internal_error', message: config.failureMessage ?? DEFAULT_FAILURE };
      }
      if (body.statusCode >= 500 && !(error instanceof AppError)) {
        body.message = config.failureMessage ?? DEFAULT_FAILURE;
      }
      return reply.code(body.statusCode).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({
        statusCode: 404,
        code: 'not_found',
        message: `Route not found: ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'error-handler' },
);
