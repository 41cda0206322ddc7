import { accountInternalClient } from '@tracemap/contracts';
import { createInternalClient } from '@tracemap/service-kit';
import type { FastifyBaseLogger } from 'fastify';

export interface ReleasedRemotesOptions {
  /** The account service's replicas; each is asked in turn until one answers. */
  accountUrls: string[];
  serviceToken?: string;
  timeoutMs: number;
  cacheMs: number;
}

/** Remote name to the entry of its current release; a remote not named loads its base build. */
export type ReleasedRemotes = Record<string, string>;
export type ReleasedRemotesLookup = (log: FastifyBaseLogger) => Promise<ReleasedRemotes>;

/**
 * The current micro-frontend releases, asked of the account service (which keeps the registry)
 * and kept for `cacheMs`; concurrent callers share one request. When the account service cannot
 * answer, nothing is released: every remote loads its base build, and that
 * answer is kept for `cacheMs` too, so a dead registry neither blanks nor slows the shell.
 */
export function releasedRemotesLookup(options: ReleasedRemotesOptions): ReleasedRemotesLookup {
  const serviceToken = options.serviceToken;
  if (!serviceToken) return async () => ({});
  const replicas = options.accountUrls.map((baseUrl) =>
    accountInternalClient(createInternalClient({ baseUrl, timeoutMs: options.timeoutMs, serviceToken })),
  );
  const ask = async () => {
    let failure: unknown = new Error('no account service address');
    for (const account of replicas) {
      try {
        return await account.currentReleases();
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };
  let cached: { value: ReleasedRemotes; until: number } | null = null;
  let inflight: Promise<ReleasedRemotes> | null = null;
  return (log) => {
    if (cached && Date.now() < cached.until) return Promise.resolve(cached.value);
    if (!inflight) {
      inflight = ask()
        .then(
          (answer) => Object.fromEntries(answer.remotes.map((r) => [r.name, r.entry])),
          (error: unknown) => {
            log.warn({ err: error }, 'could not read the current releases; every remote loads its base build');
            return {};
          },
        )
        .then((value) => {
          cached = { value, until: Date.now() + options.cacheMs };
          return value;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
}
