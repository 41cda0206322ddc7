import {
  AppError,
  canonicalJson,
  idempotencyInProgress,
  idempotencyKeyOf,
  idempotencyKeyReused,
  requestHash,
} from '../src';

test('the key is the header sent once; a repeated or missing header is no key', () => {
  expect(idempotencyKeyOf({ headers: { 'idempotency-key': 'k-1' } })).toBe('k-1');
  expect(idempotencyKeyOf({ headers: {} })).toBeUndefined();
  expect(idempotencyKeyOf({ headers: { 'idempotency-key': ['a', 'b'] as unknown as string } })).toBeUndefined();
});

test('bodies that differ only in key order hash the same; other bodies do not', () => {
  expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], skipped: undefined })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
  expect(requestHash({ name: 'Acme', role: 'viewer' })).toBe(requestHash({ role: 'viewer', name: 'Acme' }));
  expect(requestHash({ name: 'Acme' })).not.toBe(requestHash({ name: 'Acme Inc' }));
  expect(requestHash({ name: 'Acme' })).toMatch(/^[0-9a-f]{64}$/);
});

test('a reused key is 422 and a key still being handled is 409, each with its message', () => {
  const reused = idempotencyKeyReused();
  expect(reused).toBeInstanceOf(AppError);
  expect({ statusCode: reused.statusCode, code: reused.code, message: reused.message }).toEqual({
    statusCode: 422,
    code: 'idempotency_key_reused',
    message: 'This Idempotency-Key was already used with a different request.',
  });
  const running = idempotencyInProgress();
  expect({ statusCode: running.statusCode, code: running.code, message: running.message }).toEqual({
    statusCode: 409,
    code: 'idempotency_in_progress',
    message: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
  });
});
