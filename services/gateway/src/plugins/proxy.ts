import fp from 'fastify-plugin';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Upstream } from '../upstreams';

export interface ProxyOptions {
  upstreams: Upstream[];
  timeoutMs: number;
}

/** Headers a client may not set: they carry identity or origin that only we vouch for. */
const UNTRUSTED_HEADERS = [
  'x-service-token',
  'x-user-id',
  'x-user-email',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'forwarded',
];

/**
 * Answers up to this size (nearly every API answer) are read whole, then
 * sent: a client that leaves mid-answer is then not logged as a server
 * error, and a service that breaks off mid-answer gets the client a JSON 502
 * instead of a cut connection. Larger or unsized answers (exports) are piped.
 */
const BUFFERED_ANSWER_MAX_BYTES = 64 * 1024;

/** The replica did not take the connection (down, restarting): nothing of the request reached it. */
function refusedConnection(details: unknown): boolean {
  const error = (details as { error?: { code?: string; cause?: { code?: string } } }).error;
  return (
    error?.cause?.code === 'ECONNREFUSED' ||
    error?.code === 'UND_ERR_CONNECT_TIMEOUT' ||
    error?.cause?.code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

function unavailable(reply: FastifyReply, upstream: Upstream, statusCode: 502 | 503 | 504) {
  reply
    .code(statusCode)
    .header('retry-after', '5')
    .header('content-type', 'application/json; charset=utf-8')
    .send({
      statusCode,
      code: statusCode === 504 ? 'upstream_timeout' : 'service_unavailable',
      message: `The ${upstream.name} service is unavailable right now. Try again later.`,
    });
}

// reply-from hands over a fresh copy of the client's headers, so it is changed
// in place; a header set to undefined is not sent.
const rewriteRequestHeaders: NonNullable<FastifyReplyFromHooks['rewriteRequestHeaders']> = (request, headers) => {
  for (const name of UNTRUSTED_HEADERS) if (headers[name] !== undefined) headers[name] = undefined;
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.headers.host ?? '';
  return headers;
};

/**
 * Forwards each public prefix to the service that owns it, byte for byte
 * (webhook signatures need the raw body), taking turns among its replicas
 * when it has several. A service that is down answers a
 * JSON 503 at once for its own routes only; the connection pool of each
 * upstream is separate, so one slow service cannot starve the others.
 */
export default fp<ProxyOptions>(
  async (app, options) => {
    for (const upstream of options.upstreams) {
      await app.register(async (scope) => {
        const { replicas } = upstream;
        const single = replicas.urls.length === 1;
        await scope.register(replyFrom, {
          // Several replicas: no fixed base, each request names the one it goes to (one pool per replica).
          ...(single ? { base: replicas.urls[0] } : {}),
          undici: { connections: 128, pipelining: 1, connectTimeout: 2000 },
          disableRequestLogging: true,
        });

        const onError: NonNullable<FastifyReplyFromHooks['onError']> = (errorReply, details) => {
          const error = (details as { error?: { code?: string; statusCode?: number } }).error ?? (details as never);
          errorReply.request.log.warn({ err: error, upstream: upstream.name }, 'upstream failed');
          const timedOut = error?.statusCode === 504 || error?.code === 'UND_ERR_HEADERS_TIMEOUT';
          unavailable(errorReply as FastifyReply, upstream, timedOut ? 504 : 503);
        };

        const onResponse: NonNullable<FastifyReplyFromHooks['onResponse']> = (request, reply, response) => {
          const body = response.stream;
          const length = Number(reply.getHeader('content-length'));
          if (!(length <= BUFFERED_ANSWER_MAX_BYTES)) return void reply.send(body);
          // Sized and small: it arrives whole within the upstream timeout even if the client has left.
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => void reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
          body.on('error', (error) => {
            if (reply.sent || request.raw.socket?.destroyed) return;
            request.log.warn({ err: error, upstream: upstream.name }, 'upstream answer broke off');
            unavailable(reply as FastifyReply, upstream, 502);
          });
        };

        // Built once per upstream: the same handlers serve every request.
        const forwardOptions = {
          timeout: options.timeoutMs,
          rewriteRequestHeaders,
          onError,
          onResponse,
          // A service's 503 is its answer: passed on, not retried (a struggling
          // service would get ten times the requests otherwise).
          retryDelay: () => null,
        };
        // Hand over the raw bytes with their own content type so they are not re-encoded.
        const optionsFor = (request: FastifyRequest) =>
          Buffer.isBuffer(request.body)
            ? {
                ...forwardOptions,
                body: request.body,
                contentType: request.headers['content-type'] ?? 'application/octet-stream',
              }
            : forwardOptions;
        const sendTo = (request: FastifyRequest, reply: FastifyReply, replica: string, tried: Set<string>) =>
          reply.from(request.url, {
            ...optionsFor(request),
            getUpstream: () => replica,
            onError: (errorReply, details) => {
              if (refusedConnection(details)) {
                replicas.refused(replica);
                // The request never reached that replica: it goes to the next, unless its body was a stream
                // already handed on (it cannot be read twice).
                const next = request.body === request.raw ? undefined : replicas.pick(tried);
                if (next) {
                  tried.add(next);
                  return void sendTo(request, errorReply as FastifyReply, next, tried);
                }
              }
              onError(errorReply, details);
            },
          });
        const forward = single
          ? (request: FastifyRequest, reply: FastifyReply) => reply.from(request.url, optionsFor(request))
          : (request: FastifyRequest, reply: FastifyReply) => {
              const replica = replicas.pick()!;
              return sendTo(request, reply, replica, new Set([replica]));
            };
        // The service's routes, described in its own document: left out of the gateway's.
        const notOwn = { schema: { hide: true } };
        for (const prefix of upstream.prefixes) {
          scope.all(prefix, notOwn, forward);
          scope.all(`${prefix}/*`, notOwn, forward);
        }
        for (const route of upstream.streamedBodies ?? []) {
          // The body is left unread, and handed to reply-from as the client's stream (which it pipes on as it
          // arrives) only in the handler, after the hooks that check parsed bodies have run.
          await scope.register(async (streamed) => {
            streamed.removeAllContentTypeParsers();
            streamed.addContentTypeParser('*', (_request, _payload, done) => done(null));
            streamed.route({
              ...notOwn,
              method: route.method,
              url: route.path,
              handler: (request, reply) => {
                request.body = request.raw;
                return forward(request, reply);
              },
            });
          });
        }
        for (const route of upstream.largeBodies ?? []) {
          scope.route({
            ...notOwn,
            method: route.method,
            url: route.path,
            bodyLimit: route.bodyLimit,
            handler: forward,
          });
        }
      });
    }
  },
  { name: 'proxy' },
);
