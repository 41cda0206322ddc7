import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 320 });
export const Uuid = Type.String({ format: 'uuid' });
export const NoBody = Type.Object({}, { additionalProperties: false });
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export const Created = Type.Object({ id: Type.String() });
export const Message = Type.Object({ message: Type.String() });
