import { Type } from '@sinclair/typebox';
import { ROLES } from './roles';
import { NameCaseSchema } from '@tracemap/contracts';

// Request schemas: every object refuses unknown fields (mass assignment).
export const Id = Type.String({ format: 'uuid' });
export const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));
// Names reach email subjects and tables: `nameText` refuses control and text-direction characters.
export const CompanyName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', nameText: true });
export const PersonName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', nameText: true });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const NameCase = NameCaseSchema;

export const strict = { additionalProperties: false } as const;

export const CompanyIdBody = Type.Object({ companyId: Id }, strict);
export const InvitationIdBody = Type.Object({ invitationId: Id }, strict);

/** An optional Idempotency-Key; other headers are not this schema's business. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
