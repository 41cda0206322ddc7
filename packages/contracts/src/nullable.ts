import { Type, type TSchema } from '@sinclair/typebox';

/** A value that is always present but may be null (answers: "no subscription", "never signed in"). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * An optional request field that a client may also send as null. Clients
 * (forms, supabase-js, JSON serialisers) write an unset field as null as
 * often as they leave it out, so request bodies accept both and use cases
 * read null as "not given" (see `withoutNulls`).
 */
export const OptionalNullable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

type NullsDropped<T> = { [K in keyof T]: Exclude<T[K], null> };

/** The same object without its null fields, so a field sent as null is read exactly like one left out. */
export function withoutNulls<T extends object>(value: T): NullsDropped<T> {
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) kept[key] = item;
  return kept as NullsDropped<T>;
}
