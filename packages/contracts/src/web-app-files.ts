import { Type } from '@sinclair/typebox';

/** `/app-config.json`: what the web apps need at runtime to reach the identity provider. */
export const AppConfigSchema = Type.Object({
  /** Origin of the identity provider's API (its `/auth/v1` stripped). */
  authUrl: Type.String({ minLength: 1 }),
  /** The public (anon) key the browser sends as `apikey`. */
  publicKey: Type.String({ minLength: 1 }),
});

/** `/builds-latest.json`: a fingerprint of the deployed shell, which the shell polls to learn a new build is out. */
export const BuildsLatestSchema = Type.Object({
  /** Null while no shell is built. */
  shell: Type.Union([Type.String(), Type.Null()]),
});
