import { MICRO_FRONTENDS, type RemoteReleasesList } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { currentReleases, findShellContract, listReleases as listAll, type StoredRelease } from './releases-repository';

const publicRelease = ({ id: _id, ...release }: StoredRelease) => release;

/** Each micro-frontend with the release it loads now and its history; the shell's recorded versions. */
export async function listReleases(db: Queryable): Promise<RemoteReleasesList> {
  // One after another: inside a transaction `db` is one connection.
  const all = await listAll(db);
  const current = await currentReleases(db);
  const shell = await findShellContract(db);
  return {
    shell,
    remotes: MICRO_FRONTENDS.map(({ name }) => {
      const now = current.get(name);
      return {
        remote: name,
        current: now ? publicRelease(now) : null,
        releases: all.filter((r) => r.remote === name).map(publicRelease),
      };
    }),
  };
}

/** One remote's state, as a release or a rollback answers it. */
export async function releaseStateOf(db: Queryable, remote: string) {
  const list = await listReleases(db);
  return list.remotes.find((r) => r.remote === remote)!;
}
