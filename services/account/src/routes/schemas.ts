import { Type } from '@sinclair/typebox';

export const Email = Type.String({ format: 'email', maxLength: 320 });
export const Uuid = Type.String({ format: 'uuid' });
export const NoBody = Type.Object({}, { additionalProperties: false });
export { IdempotencyHeaders } from '@tracemap/contracts';
export const Created = Type.Object({ id: Type.String() });
export const Message = Type.Object({ message: Type.String() });
