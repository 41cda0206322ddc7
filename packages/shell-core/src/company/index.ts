export * from './types';
export { newIdempotencyKey } from './idempotency-key';
