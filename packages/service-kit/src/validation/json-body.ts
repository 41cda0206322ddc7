import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Deepest nesting of arrays and objects a JSON body may have; no form or API of the product comes close. */
export const MAX_BODY_DEPTH = 64;
export const BODY_TOO_DEEP = `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`;
/** Same answer as for a NUL in the body: bytes that are not UTF-8 are text PostgreSQL would not store as sent. */
export const INVALID_BODY_TEXT = 'body contains a character that is not allowed';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found in
 * one pass over the text without parsing it: brackets inside strings
 * (escaped quotes included) do not count. Unbalanced text is left for the
 * parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Bytes of a text body (CSV, for one) as text, or 400 `invalid_text`:
 * invalid UTF-8 would otherwise be stored as replacement characters.
 */
export function decodeTextBody(raw: Buffer): string {
  try {
    return utf8.decode(raw);
  } catch {
    throw new AppError(400, 'invalid_text', INVALID_BODY_TEXT);
  }
}

/**
 * Bytes of a JSON body as text, or the error that refuses them: not UTF-8
 * as for any text body, and a body nested thousands deep overflows the
 * stack of every later walk over it (the text checks, validation,
 * serialisation) and ends as a 500. Routes that read JSON under another
 * content type call this too, so every JSON body meets the same limits.
 */
export function decodeJsonBody(raw: Buffer): string {
  const text = decodeTextBody(raw);
  if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw new AppError(400, 'body_too_deep', BODY_TOO_DEEP);
  return text;
}

/**
 * Replaces Fastify's JSON parser on `app` (and the scopes it contains): the
 * bytes are checked first, then parsed by Fastify's own parser with its
 * prototype-poisoning protection. An empty body is no body, whatever the
 * method, since clients send the JSON content type on bodiless requests.
 */
export function useCheckedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const bytes = raw as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = decodeJsonBody(bytes);
    } catch (error) {
      return done(error as AppError, undefined);
    }
    return parse(request, text, done);
  });
}
