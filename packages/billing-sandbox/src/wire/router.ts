import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, bearerToken, idempotencyKeyOf, requestHash as hashOf } from '@tracemap/service-kit';
import { decodeForm, queryOf, type FormObject } from '../form-encoding';
import { expandList } from '../params';
import { DEFAULT_API_VERSION, SandboxStore, type SandboxSetup } from '../store';
import { StripeWireError } from '../stripe-error';
import { expandObject } from './expand';

export interface WireContext {
  store: SandboxStore;
  params: FormObject;
  path: Record<string, string>;
}
export type WireHandler = (context: WireContext) => Promise<Record<string, unknown>>;

export interface WireRouter {
  get(path: string, handler: WireHandler): void;
  post(path: string, handler: WireHandler): void;
  delete(path: string, handler: WireHandler): void;
}

interface Answer {
  status: number;
  body: unknown;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function errorAnswer(error: unknown, request: FastifyRequest): Answer {
  if (error instanceof StripeWireError) return { status: error.statusCode, body: error.toBody() };
  if (error instanceof AppError && error.statusCode < 500) {
    return { status: 400, body: new StripeWireError(400, 'invalid_request_error', error.message).toBody() };
  }
  const fastifyError = error as { statusCode?: number; message?: string };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return {
      status: 400,
      body: new StripeWireError(400, 'invalid_request_error', fastifyError.message ?? 'Invalid request').toBody(),
    };
  }
  request.log.error({ err: error }, 'sandbox provider request failed');
  return {
    status: 500,
    body: new StripeWireError(500, 'api_error', 'An unknown error occurred in the sandbox provider.').toBody(),
  };
}

/**
 * The provider's HTTP conventions for every emulated call: the bearer key,
 * form parameters (body or query), one locked transaction per call,
 * Idempotency-Key replay, `expand[]`, and errors in the provider's shape.
 * `onEvents` hears when a call wrote events (to wake the webhook worker).
 */
export function createWireRouter(
  app: FastifyInstance,
  secretKey: string,
  setup: SandboxSetup,
  onEvents: () => void,
): WireRouter {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, decodeForm(body as string));
  });
  app.setErrorHandler((error, request, reply) => {
    const answer = errorAnswer(error, request);
    void reply.code(answer.status).send(answer.body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send(
        new StripeWireError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
        ).toBody(),
      );
  });

  // Returns the reply it sent: an async handler resolving to undefined after send() makes Fastify log a second, failed reply.
  async function handle(request: FastifyRequest, reply: FastifyReply, handler: WireHandler): Promise<FastifyReply> {
    const key = bearerToken(request.headers.authorization);
    if (!key || !sameKey(key, secretKey)) {
      const shown = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '';
      const message = key
        ? `Invalid API Key provided: ${shown}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return reply.code(401).send(new StripeWireError(401, 'invalid_request_error', message).toBody());
    }
    const method = request.method;
    const params: FormObject =
      method === 'POST' ? ((request.body as FormObject | undefined) ?? {}) : queryOf(request.url);
    const apiVersion =
      typeof request.headers['stripe-version'] === 'string' ? request.headers['stripe-version'] : DEFAULT_API_VERSION;
    // The provider replays only POSTs by key, and compares a replay's path and parameters with the first call's.
    const idempotencyKey = method === 'POST' ? (idempotencyKeyOf(request) ?? null) : null;
    const requestHash = hashOf({ method, path: request.url.split('?')[0], params });
    let emitted = 0;
    let replayed = false;
    const answer = await app.transaction(async (client): Promise<Answer> => {
      const store = await SandboxStore.open(client, setup, apiVersion);
      if (idempotencyKey) {
        const { rows } = await client.query(
          `SELECT request_hash, status, response FROM ${setup.tables.idempotency} WHERE key = $1`,
          [idempotencyKey],
        );
        if (rows[0]) {
          if (rows[0].request_hash !== requestHash) {
            throw new StripeWireError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          replayed = true;
          return { status: rows[0].status, body: rows[0].response };
        }
      }
      await client.query('SAVEPOINT wire_call');
      let result: Answer;
      try {
        const object = await handler({ store, params, path: request.params as Record<string, string> });
        await expandObject(store, object, expandList(params));
        result = { status: 200, body: object };
      } catch (error) {
        if (!(error instanceof StripeWireError)) throw error;
        // A refused call changes nothing, but the provider remembers its answer for the key.
        await client.query('ROLLBACK TO SAVEPOINT wire_call');
        store.emitted.length = 0;
        result = { status: error.statusCode, body: error.toBody() };
      }
      if (idempotencyKey && result.status !== 400 && result.status !== 404) {
        await client.query(
          `INSERT INTO ${setup.tables.idempotency} (key, request_hash, status, response) VALUES ($1, $2, $3, $4)`,
          [idempotencyKey, requestHash, result.status, JSON.stringify(result.body)],
        );
      }
      emitted = store.emitted.length;
      return result;
    });
    if (emitted > 0) onEvents();
    reply.header('request-id', `req_${randomBytes(7).toString('hex')}`).header('stripe-version', apiVersion);
    if (idempotencyKey) reply.header('idempotency-key', idempotencyKey);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.status).send(answer.body);
  }

  const route = (method: 'GET' | 'POST' | 'DELETE') => (path: string, handler: WireHandler) => {
    app.route({ method, url: path, handler: (request, reply) => handle(request, reply, handler) });
  };
  return { get: route('GET'), post: route('POST'), delete: route('DELETE') };
}
