import http from 'node:http';
import https from 'node:https';
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ensureContractFormats } from '@tracemap/contracts';
import { AppError } from './errors';

export interface InternalClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Shared secret that marks a call as coming from another service. */
  serviceToken?: string;
}

export interface InternalCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  requestId?: string;
  headers?: Record<string, string>;
}

// One pool of kept-alive sockets per process and peer: internal calls sit on
// the request path, so a new TCP handshake per call would cost every request.
// Shared by every client, also those a caller makes per request.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64, timeout: 60_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 64, timeout: 60_000 }),
};

interface RawAnswer {
  status: number;
  text: string;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<RawAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method, headers, agent: agents[url.protocol as 'http:' | 'https:'] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('response aborted')));
      },
    );
    // The whole call, not each socket read, must fit the timeout.
    const timer = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(Object.assign(error, { reusedSocket: request.reusedSocket }));
    });
    request.end(body);
  });
}

const checks = new WeakMap<TSchema, TypeCheck<TSchema>>();
function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let check = checks.get(schema);
  if (!check) {
    ensureContractFormats();
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  return check;
}

/** A call whose answer is checked against the callee's contract before the caller sees it. */
export interface CheckedCallOptions<S extends TSchema> extends InternalCallOptions {
  answer: S;
}

export interface InternalClient {
  <S extends TSchema>(path: string, callOptions: CheckedCallOptions<S>): Promise<Static<S>>;
  <T>(path: string, callOptions?: InternalCallOptions): Promise<T>;
}

/**
 * Service-to-service HTTP with a timeout, over kept-alive connections. A
 * callee that is down or slow raises a 503 AppError, which callers turn into
 * a degraded answer; with `answer` (the callee's response schema) an answer
 * that does not fit it is a 502, never a value of the wrong shape.
 */
export function createInternalClient(options: InternalClientOptions): InternalClient {
  const timeoutMs = options.timeoutMs ?? 3000;
  return async function call(
    path: string,
    callOptions: InternalCallOptions & { answer?: TSchema } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...(callOptions.headers ?? {}) };
    const body = callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body);
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (callOptions.requestId) headers['x-request-id'] = callOptions.requestId;
    if (options.serviceToken) headers['x-service-token'] = options.serviceToken;
    const method = callOptions.method ?? 'GET';
    const url = new URL(path, options.baseUrl);
    let answer: RawAnswer;
    try {
      answer = await send(url, method, headers, body, timeoutMs).catch(
        (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
          // The peer may close an idle kept-alive socket just as it is reused; a read is safe to send again.
          if (error.reusedSocket && error.code === 'ECONNRESET' && method === 'GET')
            return send(url, method, headers, body, timeoutMs);
          throw error;
        },
      );
    } catch {
      throw new AppError(503, 'dependency_unavailable', `Upstream ${options.baseUrl} is unavailable`);
    }
    let data: Record<string, unknown> | undefined;
    try {
      data = answer.text ? JSON.parse(answer.text) : undefined;
    } catch {
      data = undefined;
      if (answer.status >= 200 && answer.status < 300)
        throw new AppError(502, 'upstream_error', `Upstream ${options.baseUrl} answered garbage`);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new AppError(
        answer.status,
        (data && (data.code as string)) || 'upstream_error',
        (data && (data.message as string)) || `Upstream answered ${answer.status}`,
      );
    }
    if (callOptions.answer && !checkerOf(callOptions.answer).Check(data)) {
      throw new AppError(
        502,
        'upstream_error',
        `Upstream ${options.baseUrl} answered ${method} ${url.pathname} outside its contract`,
      );
    }
    return data;
  };
}
