import { Type } from '@sinclair/typebox';

/** The key a client sends so a retried creating request is answered once, not carried out twice. */
export const IdempotencyKeySchema = Type.String({ minLength: 1, maxLength: 255 });

/** An optional Idempotency-Key on a creating request; other headers are not this schema's business. */
export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(IdempotencyKeySchema) });
