import { badRequest } from '@tracemap/service-kit';

/** Opaque keyset cursors: the sort key of the last item of a page, as base64url JSON. */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, parts: number): string[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === parts && key.every((part) => typeof part === 'string')) return key;
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest('The cursor is not one this list gave.', 'invalid_cursor');
}

export const DEFAULT_PAGE_SIZE = 50;
