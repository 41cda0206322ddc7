import { Type, type TNull, type TOptional, type TSchema, type TUnion } from '@sinclair/typebox';

/** A value that is always present but may be null (answers: "no subscription", "never signed in"). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * An optional request field that a client may also send as null. Clients
 * (forms, supabase-js, JSON serialisers) write an unset field as null as
 * often as they leave it out, so request bodies accept both and use cases
 * read null as "not given" (see `withoutNulls`).
 */
export const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

export type NullsDropped<T> = { [K in keyof T]: Exclude<T[K], null> };

/** The same object without its null fields, so a field sent as null is read exactly like one left out. */
export function withoutNulls<T extends object>(value: T): NullsDropped<T> {
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) kept[key] = item;
  return kept as NullsDropped<T>;
}

const admitsNull = (schema: TSchema): boolean =>
  schema.type === 'null' || (Array.isArray(schema.anyOf) && schema.anyOf.some((member: TSchema) => admitsNull(member)));

/**
 * The optional fields of a request body. A field whose schema already admits
 * null keeps it as it is, since there null means something ("clear this");
 * every other field becomes OptionalNullable, null meaning not given.
 */
export function optionalInputFields<T extends Record<string, TSchema>>(
  fields: T,
): { [K in keyof T]: TOptional<TUnion<[T[K], TNull]>> } {
  const optional: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(fields))
    optional[key] = admitsNull(schema) ? Type.Optional(schema) : OptionalNullable(schema);
  // A field that admits null already is typed the same with null added again, so one type covers both.
  return optional as { [K in keyof T]: TOptional<TUnion<[T[K], TNull]>> };
}
