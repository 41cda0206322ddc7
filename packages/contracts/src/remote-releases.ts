import { Type, type Static } from '@sinclair/typebox';

/** A shared package's name (`react`, `@tracemap/shell-core`) to a semver range or exact version. */
export const SharedVersionsSchema = Type.Record(
  Type.String({ minLength: 1, maxLength: 214 }),
  Type.String({ minLength: 1, maxLength: 100 }),
);
export type SharedVersions = Static<typeof SharedVersionsSchema>;

/** Where a release's manifest is: a path on the gateway's own origin or an http(s) address (a CDN). */
const ReleaseEntry = Type.String({ pattern: '^(/|https?://)[^\\s]*mf-manifest\\.json$', maxLength: 2000 });
const RemoteName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 100 });
/** `<package version>-<content hash>`, also the name of the release's folder. */
const ReleaseVersion = Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$', maxLength: 100 });

/** `POST /api/account/admin/releases`: make this build of a remote the one the shell loads. */
export const PublishReleaseBody = Type.Object(
  {
    remote: RemoteName,
    version: ReleaseVersion,
    entry: ReleaseEntry,
    /** What the build expects of the shell: a range per shared singleton (its `release.json`). */
    expects: SharedVersionsSchema,
  },
  { additionalProperties: false },
);
export type PublishReleaseInput = Static<typeof PublishReleaseBody>;

export const ReleaseRemoteParams = Type.Object({ remote: RemoteName });

/** `POST …/releases/{remote}/rollback`: back to the release before the current one, or to a named one. */
export const RollbackReleaseBody = Type.Object(
  { version: Type.Optional(ReleaseVersion) },
  { additionalProperties: false },
);

/** `PUT …/releases/shell`: what the deployed shell provides, from its build's manifest. */
export const ShellContractBody = Type.Object({ provides: SharedVersionsSchema }, { additionalProperties: false });

export const RemoteReleaseSchema = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  entry: Type.String(),
  expects: SharedVersionsSchema,
  releasedBy: Type.String(),
  releasedAt: Type.String({ format: 'date-time' }),
});
export type RemoteRelease = Static<typeof RemoteReleaseSchema>;

export const RemoteReleaseStateSchema = Type.Object({
  remote: Type.String(),
  /** The release the shell loads; null means its base build (the gateway's own, or where the gateway's remotes file moves it). */
  current: Type.Union([RemoteReleaseSchema, Type.Null()]),
  /** Every release of this remote, newest first. */
  releases: Type.Array(RemoteReleaseSchema),
});
export type RemoteReleaseState = Static<typeof RemoteReleaseStateSchema>;

export const ShellContractSchema = Type.Object({
  provides: SharedVersionsSchema,
  recordedBy: Type.String(),
  recordedAt: Type.String({ format: 'date-time' }),
});
export type ShellContract = Static<typeof ShellContractSchema>;

/** What recording the shell answers: the contract, and each current release it no longer fits. */
export const RecordShellResponse = Type.Object({
  shell: ShellContractSchema,
  incompatible: Type.Array(Type.Object({ remote: Type.String(), version: Type.String(), message: Type.String() })),
});
export type RecordShellResult = Static<typeof RecordShellResponse>;

export const RemoteReleasesResponse = Type.Object({
  shell: Type.Union([ShellContractSchema, Type.Null()]),
  remotes: Type.Array(RemoteReleaseStateSchema),
});
export type RemoteReleasesList = Static<typeof RemoteReleasesResponse>;

/** `GET /internal/releases/current`: the entry of each remote with a current release (the gateway's registry). */
export const CurrentReleasesResponse = Type.Object({
  remotes: Type.Array(Type.Object({ name: Type.String(), entry: Type.String(), version: Type.String() })),
});
export type CurrentReleases = Static<typeof CurrentReleasesResponse>;
