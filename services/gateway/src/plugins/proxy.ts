import fp from 'fastify-plugin';
import replyFrom from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Upstream } from '../upstreams';

export interface ProxyOptions {
  upstreams: Upstream[];
  timeoutMs: number;
}

/** Headers a client may not set: they carry identity or origin that only we vouch for. */
const UNTRUSTED_HEADERS = ['x-service-token', 'x-user-id', 'x-user-email', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded'];

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

/**
 * Forwards each public prefix to the service that owns it, byte for byte
 * (webhook signatures need the raw body). A service that is down answers a
 * JSON 503 at once for its own routes only; the connection pool of each
 * upstream is separate, so one slow service cannot starve the others.
 */
export default fp<ProxyOptions>(
  async (app, options) => {
    for (const upstream of options.upstreams) {
      await app.register(async (scope) => {
        await scope.register(replyFrom, {
          base: upstream.baseUrl,
          undici: { connections: 128, pipelining: 1, connectTimeout: 2000 },
          disableRequestLogging: true,
        });
        const forward = (request: FastifyRequest, reply: FastifyReply) =>
          reply.from(request.url, {
            timeout: options.timeoutMs,
            // Hand over the raw text with its own content type so it is not re-encoded.
            ...(typeof request.body === 'string'
              ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' }
              : {}),
            rewriteRequestHeaders: (req, headers) => {
              const next: Record<string, unknown> = { ...headers };
              for (const name of UNTRUSTED_HEADERS) delete next[name];
              next['x-request-id'] = req.id;
              next['x-forwarded-for'] = req.ip;
              next['x-forwarded-proto'] = req.protocol;
              next['x-forwarded-host'] = req.headers.host ?? '';
              return next as typeof headers;
            },
            onError: (errorReply, details) => {
              const error = (details as { error?: { code?: string; statusCode?: number } }).error ?? (details as never);
              request.log.warn({ err: error, upstream: upstream.name }, 'upstream failed');
              const timedOut = error?.statusCode === 504 || error?.code === 'UND_ERR_HEADERS_TIMEOUT';
              unavailable(errorReply as FastifyReply, upstream, timedOut ? 504 : 503);
            },
          });
        for (const prefix of upstream.prefixes) {
          scope.all(prefix, forward);
          scope.all(`${prefix}/*`, forward);
        }
      });
    }
  },
  { name: 'proxy' },
);
