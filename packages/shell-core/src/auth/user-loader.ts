import type { EstablishOutcome } from './establish-user';

// Loading the signed-in user (account sync, company, retries while degraded) is needed once there
// is a session, so its code is fetched then: an anonymous visitor's first page goes without it.
type EstablishModule = typeof import('./establish-user');
let loaded: EstablishModule | undefined;
let loading: Promise<EstablishModule> | undefined;

function load(): Promise<EstablishModule> {
  loading ??= import('./establish-user').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function establishUser(token: string): Promise<EstablishOutcome> {
  return load().then((module) => module.establishUser(token));
}

export function retryUserLoad(): Promise<EstablishOutcome | null> {
  return load().then((module) => module.retryUserLoad());
}

/** Nothing to forget while the code has not loaded: no user was established without it. */
export function forgetEstablishedUser(): void {
  loaded?.forgetEstablishedUser();
}
