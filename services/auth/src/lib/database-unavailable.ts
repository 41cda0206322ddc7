import type { FastifyRequest } from 'fastify';
import { serviceUnavailable } from '@tracemap/service-kit';
import { AuthError } from './auth-error';

/** How long a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

// Connection-level failures: the database is restarting, refusing connections or unreachable.
// Errors about the request itself (constraints, syntax, a slow statement) are not among them.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown: the server is stopping and ended this connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True for an error meaning the database cannot be reached now, as opposed to a fault of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object' || error instanceof AuthError) return false;
  const code = codeOf(error);
  if (code && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
  const message = error instanceof Error ? error.message : '';
  // 55000 is also used for unrelated states; only a database closed to connections counts.
  if (code === '55000' && /not currently accepting connections/.test(message)) return true;
  if (CONNECTION_MESSAGES.test(message)) return true;
  // Connecting to a name with several addresses fails with one error per address.
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isDatabaseUnavailable);
}

/** The answer while the database is away: a short 503 the client may retry, in GoTrue's shape. */
export const databaseUnavailable = () =>
  new AuthError(
    503,
    'service_unavailable',
    'The service is temporarily unavailable. Try again in a moment.',
    undefined,
    {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );

/**
 * The same reading for auth's routes outside `/auth/v1` (internal, outbox), which answer in the
 * platform's `{ statusCode, code, message }` shape: a retryable 503 rather than a 500.
 */
export function internalDatabaseUnavailable(error: unknown, request: FastifyRequest): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  request.log.warn({ err: error }, 'auth database unavailable');
  return serviceUnavailable(
    'The service is temporarily unavailable. Try again in a moment.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
}
