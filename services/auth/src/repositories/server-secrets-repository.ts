import type { Queryable } from '@tracemap/service-kit';

/** Returns the named secret, storing `candidate` first if none exists yet. */
export async function ensureServerSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  await db.query('INSERT INTO auth.server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    candidate,
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM auth.server_secrets WHERE name = $1', [name]);
  return rows[0].value;
}
