import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const PathPattern = Type.String({ pattern: '^/' });

/** What `/remotes.json` says about one exposed module: the paths the shell sends to it. */
export const RemoteRoutesSchema = Type.Object({
  remote: Type.String({ minLength: 1 }),
  module: Type.String({ pattern: '^\\./' }),
  label: Type.String({ minLength: 1 }),
  pages: Type.Array(PathPattern),
  base: Type.Optional(PathPattern),
  prefixes: Type.Optional(Type.Array(PathPattern)),
  access: Type.Optional(Type.Union([Type.Literal('signed-in'), Type.Literal('admin')])),
  bare: Type.Optional(Type.Boolean()),
});
export type RemoteRoutes = Static<typeof RemoteRoutesSchema>;

export const RemoteEntrySchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  entry: Type.String({ minLength: 1 }),
});
export type RemoteEntry = Static<typeof RemoteEntrySchema>;

/** `/remotes.json`: where each remote's manifest is, and which paths each of its modules renders. */
export const RemotesRegistrySchema = Type.Object({
  remotes: Type.Array(RemoteEntrySchema),
  routes: Type.Array(RemoteRoutesSchema),
});
export type RemotesRegistry = Static<typeof RemotesRegistrySchema>;

/**
 * A remote the built-in manifest does not list, declared in the operator's remotes file: where it
 * is and what it exposes (the manifest's own fields; `file` and `port` only matter to its build).
 */
export const AddedRemoteSchema = Type.Object({
  entry: Type.String({ minLength: 1 }),
  exposes: Type.Array(
    Type.Object({
      module: Type.String({ pattern: '^\\./' }),
      label: Type.String({ minLength: 1 }),
      pages: Type.Array(PathPattern),
      base: Type.Optional(PathPattern),
      prefixes: Type.Optional(Type.Array(PathPattern)),
      access: Type.Optional(Type.Union([Type.Literal('signed-in'), Type.Literal('admin')])),
      bare: Type.Optional(Type.Boolean()),
    }),
    { minItems: 1 },
  ),
});
export type AddedRemote = Static<typeof AddedRemoteSchema>;

/** A federation name: it becomes a JavaScript identifier in the remote's build. */
const REMOTE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The declaration if `name` and `value` make a well-formed added remote, else null. */
export function parseAddedRemote(name: string, value: unknown): AddedRemote | null {
  return REMOTE_NAME.test(name) && Value.Check(AddedRemoteSchema, value) ? value : null;
}
