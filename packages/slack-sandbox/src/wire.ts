import type { FastifyInstance } from 'fastify';

/**
 * Slack's Web API takes form-encoded bodies (the official client sends those, with objects
 * such as `blocks` as JSON strings) or JSON; both are read into one flat object here.
 */
export function acceptSlackBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** A field that the client may send as a JSON string (form) or as a value (JSON body). */
export function jsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** The token of a call: `Authorization: Bearer` as the client sends it, or a `token` field. */
export function tokenOf(authorization: string | undefined, body: Record<string, unknown>): string {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match ? match[1] : stringField(body, 'token');
}
