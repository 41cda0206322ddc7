import type { Queryable } from '@tracemap/service-kit';
import type { RemoteRelease, SharedVersions, ShellContract } from '@tracemap/contracts';

interface ReleaseRow {
  id: string;
  remote: string;
  version: string;
  entry: string;
  expects: SharedVersions;
  released_by: string;
  created_at: Date;
}

export interface StoredRelease extends RemoteRelease {
  id: number;
}

const toRelease = (r: ReleaseRow): StoredRelease => ({
  id: Number(r.id),
  remote: r.remote,
  version: r.version,
  entry: r.entry,
  expects: r.expects,
  releasedBy: r.released_by,
  releasedAt: r.created_at.toISOString(),
});

/** Releases of one remote change one at a time (held until the transaction ends). */
export async function lockRemote(db: Queryable, remote: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`remote-release:${remote}`]);
}

export async function listReleases(db: Queryable): Promise<StoredRelease[]> {
  const { rows } = await db.query<ReleaseRow>(`SELECT * FROM account.remote_releases ORDER BY remote, id DESC`);
  return rows.map(toRelease);
}

export async function findRelease(db: Queryable, remote: string, version: string): Promise<StoredRelease | null> {
  const { rows } = await db.query<ReleaseRow>(
    `SELECT * FROM account.remote_releases WHERE remote = $1 AND version = $2`,
    [remote, version],
  );
  return rows[0] ? toRelease(rows[0]) : null;
}

export async function insertRelease(
  db: Queryable,
  release: { remote: string; version: string; entry: string; expects: SharedVersions; releasedBy: string },
): Promise<StoredRelease> {
  const { rows } = await db.query<ReleaseRow>(
    `INSERT INTO account.remote_releases (remote, version, entry, expects, released_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [release.remote, release.version, release.entry, JSON.stringify(release.expects), release.releasedBy],
  );
  return toRelease(rows[0]);
}

/** The release each remote loads now, by remote. */
export async function currentReleases(db: Queryable): Promise<Map<string, StoredRelease>> {
  const { rows } = await db.query<ReleaseRow>(
    `SELECT r.* FROM account.remote_current_releases c JOIN account.remote_releases r ON r.id = c.release_id`,
  );
  return new Map(rows.map((r) => [r.remote, toRelease(r)]));
}

/** The release published before `releaseId`, if any: where a rollback goes. */
export async function releaseBefore(db: Queryable, remote: string, releaseId: number): Promise<StoredRelease | null> {
  const { rows } = await db.query<ReleaseRow>(
    `SELECT * FROM account.remote_releases WHERE remote = $1 AND id < $2 ORDER BY id DESC LIMIT 1`,
    [remote, releaseId],
  );
  return rows[0] ? toRelease(rows[0]) : null;
}

/** Points a remote at a release; null points it back at its base build (the gateway's own, or where its remotes file moves it). */
export async function setCurrent(db: Queryable, remote: string, releaseId: number | null): Promise<void> {
  if (releaseId === null) {
    await db.query(`DELETE FROM account.remote_current_releases WHERE remote = $1`, [remote]);
    return;
  }
  await db.query(
    `INSERT INTO account.remote_current_releases (remote, release_id) VALUES ($1, $2)
     ON CONFLICT (remote) DO UPDATE SET release_id = EXCLUDED.release_id, updated_at = now()`,
    [remote, releaseId],
  );
}

export async function findShellContract(db: Queryable): Promise<ShellContract | null> {
  const { rows } = await db.query<{ provides: SharedVersions; recorded_by: string; recorded_at: Date }>(
    `SELECT provides, recorded_by, recorded_at FROM account.shell_contract`,
  );
  const row = rows[0];
  return row
    ? { provides: row.provides, recordedBy: row.recorded_by, recordedAt: row.recorded_at.toISOString() }
    : null;
}

export async function saveShellContract(db: Queryable, provides: SharedVersions, by: string): Promise<ShellContract> {
  const { rows } = await db.query<{ provides: SharedVersions; recorded_by: string; recorded_at: Date }>(
    `INSERT INTO account.shell_contract (provides, recorded_by) VALUES ($1, $2)
     ON CONFLICT (only_row) DO UPDATE SET provides = EXCLUDED.provides, recorded_by = EXCLUDED.recorded_by, recorded_at = now()
     RETURNING provides, recorded_by, recorded_at`,
    [JSON.stringify(provides), by],
  );
  return { provides: rows[0].provides, recordedBy: rows[0].recorded_by, recordedAt: rows[0].recorded_at.toISOString() };
}
