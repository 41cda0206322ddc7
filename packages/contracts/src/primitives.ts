import { Type } from '@sinclair/typebox';

// Building blocks the contracts of several services share, so a UUID or a timestamp means the same everywhere.

/** Objects that refuse fields they do not name. */
export const strictObject = { additionalProperties: false } as const;
export const UuidSchema = Type.String({ format: 'uuid' });
/** An email address, with the one length limit every API applies (the longest a mail server must accept). */
export const EmailSchema = Type.String({ format: 'email', maxLength: 254 });
/** An ISO 8601 instant, as every API writes dates. */
export const TimestampSchema = Type.String({ format: 'date-time' });
/** Free-form JSON an API keeps for its client (user metadata). */
export const JsonObjectSchema = Type.Record(Type.String(), Type.Unknown());
