import { Type, type Static } from '@sinclair/typebox';
import { EntityId, literals } from './model';
import { strictObject as strict } from '../primitives';

/** Typed tracking code generated from the plan, per destination SDK. */
export const CODEGEN_DESTINATIONS = ['segment', 'amplitude', 'mparticle', 'rudderstack', 'gtag'] as const;
/** `dev` adds a validator module the app imports only in development. */
export const CODEGEN_VALIDATIONS = ['none', 'dev'] as const;
export const CODEGEN_FORMATS = ['json', 'zip'] as const;
export type CodegenDestination = (typeof CODEGEN_DESTINATIONS)[number];
export type CodegenValidation = (typeof CODEGEN_VALIDATIONS)[number];
export type CodegenFormat = (typeof CODEGEN_FORMATS)[number];

export const CodegenQuery = Type.Object(
  {
    destination: Type.Optional(literals(CODEGEN_DESTINATIONS)),
    validation: Type.Optional(literals(CODEGEN_VALIDATIONS)),
    format: Type.Optional(literals(CODEGEN_FORMATS)),
    /** Only this event's part of each file (its type and function, the view helpers that send it), for showing beside it. */
    eventId: Type.Optional(EntityId),
    /** The code of this proposal's plan instead of the live plan's. */
    proposal: Type.Optional(EntityId),
  },
  strict,
);
export type CodegenQuery = Static<typeof CodegenQuery>;

export const GeneratedFileSchema = Type.Object({ path: Type.String(), content: Type.String() });
export const GeneratedEventSymbolSchema = Type.Object({
  eventId: EntityId,
  name: Type.String(),
  /** The `trackX` function of the event, in `tracemap/events.ts`. */
  functionName: Type.String(),
  typeName: Type.String(),
});
export const GeneratedCodeResponse = Type.Object({
  files: Type.Array(GeneratedFileSchema),
  events: Type.Array(GeneratedEventSymbolSchema),
  /** A digest of the plan the code was generated from, as this reader sees it. */
  planVersion: Type.String(),
  /** A digest of the files: equal hashes, equal code. */
  hash: Type.String(),
});
export type GeneratedCodeResponse = Static<typeof GeneratedCodeResponse>;
/** With `format=zip`: the same files in a zip archive. */
export const GeneratedCodeZip = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });
