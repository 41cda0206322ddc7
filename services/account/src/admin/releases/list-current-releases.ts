import type { CurrentReleases } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { currentReleases } from './releases-repository';

/** What the gateway's `/remotes.json` needs: each remote with a current release and where it is. */
export async function listCurrentReleases(db: Queryable): Promise<CurrentReleases> {
  const current = await currentReleases(db);
  return {
    remotes: [...current.values()]
      .sort((a, b) => a.remote.localeCompare(b.remote))
      .map((r) => ({ name: r.remote, entry: r.entry, version: r.version })),
  };
}
