import { assertIdentifier } from '@tracemap/service-kit';

/**
 * The sandbox's tables, qualified with the schema its host keeps them in (the host names it; the
 * sandbox does not know which service that is). Queries name the schema outright rather than trusting
 * search_path, because on the embedded database connections share one session.
 */
export interface SandboxTables {
  schema: string;
  objects: string;
  events: string;
  clock: string;
  idempotency: string;
}

export function sandboxTables(schema: string): SandboxTables {
  assertIdentifier(schema);
  return {
    schema,
    objects: `${schema}.sandbox_objects`,
    events: `${schema}.sandbox_events`,
    clock: `${schema}.sandbox_clock`,
    idempotency: `${schema}.sandbox_idempotency`,
  };
}
