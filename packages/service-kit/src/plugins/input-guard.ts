import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { useCheckedJsonParser } from '../validation/json-body';
import { findUnstorableText, hasValidPercentEscapes } from '../validation/text-rules';

export const MALFORMED_URL = 'The address contains a malformed percent escape.';

function unstorableField(request: FastifyRequest): string | null {
  const parts: Array<[unknown, string]> = [
    [request.params, 'path'],
    [request.query, 'query string'],
  ];
  // Only parsed bodies: the gateway forwards raw text untouched and the service behind it checks.
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) parts.push([body, 'body']);
  for (const [value, whole] of parts) {
    const found = findUnstorableText(value);
    if (found !== null) return found || whole;
  }
  return null;
}

/**
 * Input every route refuses before its own schema runs, so each service and
 * each future route gets it without asking: a URL whose percent escapes do
 * not decode (it would otherwise fail later as a 500, e.g. when the gateway
 * rebuilds it for a service), text PostgreSQL cannot store, and JSON bodies
 * that are not UTF-8 or nest too deeply (refused before they are parsed).
 */
export default fp(
  async (app) => {
    useCheckedJsonParser(app);
    app.addHook('onRequest', async (request) => {
      if (!hasValidPercentEscapes(request.url)) throw new AppError(400, 'malformed_url', MALFORMED_URL);
    });
    app.addHook('preValidation', async (request) => {
      const field = unstorableField(request);
      if (field !== null) throw new AppError(400, 'invalid_text', `${field} contains a character that is not allowed`);
    });
  },
  { name: 'input-guard' },
);
