import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: share links, email confirmation and
 * recovery tokens, OAuth codes and states, tokens in redirects. A log is read by more
 * people than the secret is meant for, so their values never reach it.
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'token_hash',
  'access_token',
  'refresh_token',
  'code',
  // An OAuth state is short-lived and bound to a cookie, but it is what ties a callback to its
  // installer until then.
  'state',
  'password',
  'apikey',
  'key',
  'secret',
]);

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is compared as written
      }
      return separator !== -1 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's request log fields, with secrets left out of the URL. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
