import type { FastifyServerOptions } from 'fastify';
import { isCleanName } from './text-rules';

// Fastify's own compiler factory (a fastify dependency): same defaults and
// formats as Fastify, one Ajv instance per distinct set of options.
const AjvCompiler = require('@fastify/ajv-compiler') as () => BuildValidator;

type BuildValidator = (externalSchemas: unknown, ajvOptions: AjvOptions) => CompileRoute;
type CompileRoute = (route: { schema: unknown; method: string; url: string; httpPart?: string }) => unknown;
interface AjvOptions {
  customOptions?: Record<string, unknown>;
  plugins?: unknown[];
  onCreate?: (ajv: AjvLike) => void;
}
interface AjvLike {
  addKeyword(definition: Record<string, unknown>): unknown;
}

/**
 * The keyword a string schema carries to say it holds a person's or a
 * company's name, e.g. `Type.String({ maxLength: 100, nameText: true })`.
 */
export const NAME_TEXT_KEYWORD = 'nameText';

/**
 * A schema's own wording for when its value is refused, e.g. a URL pattern whose raw regex
 * would mean nothing to the person who typed the address. Said after the field's name.
 */
export const ERROR_MESSAGE_KEYWORD = 'errorMessage';

function addNameTextKeyword(ajv: AjvLike) {
  ajv.addKeyword({
    keyword: NAME_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    validate: (enabled: boolean, value: string) => !enabled || isCleanName(value),
    errors: false,
  });
  // An annotation only: it changes what a refusal says, never what is refused.
  ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' });
}

// verbose: a refusal carries the schema that refused it, so its own message can be used.
const SHARED_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false, verbose: true };

/** The `ajv` server option every service uses. */
export const ajvServerOptions: FastifyServerOptions['ajv'] = {
  customOptions: { ...SHARED_OPTIONS, coerceTypes: 'array' },
  onCreate: addNameTextKeyword as never,
};

/**
 * JSON bodies are validated as sent: `["x"]` is not a string and `"false"`
 * is not a boolean. Query strings, path parameters and headers only exist
 * as text, so there numbers and booleans are still converted from their
 * string form (and a repeated query key may stand for an array).
 */
export function buildValidator(): BuildValidator {
  const pool = AjvCompiler();
  return (externalSchemas, ajvOptions) => {
    const text = pool(externalSchemas, ajvOptions);
    const json = pool(externalSchemas, {
      ...ajvOptions,
      customOptions: { ...ajvOptions.customOptions, coerceTypes: false },
    });
    return (route) => (route.httpPart === 'body' ? json(route) : text(route));
  };
}
