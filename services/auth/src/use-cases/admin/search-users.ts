import type { AuthUserSummary } from '@tracemap/contracts';
import type { AuthDeps } from '../../lib/deps';

interface Row {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
  last_sign_in_at: Date | null;
  invited_at: Date | null;
}

/** Product admins find people by a part of their email or name, or by id; newest first. */
export async function searchUsers(deps: AuthDeps, query: string, limit: number): Promise<{ users: AuthUserSummary[] }> {
  const pattern = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await deps.db.query<Row>(
    `SELECT id, email, email_confirmed_at, raw_user_meta_data->>'first_name' AS first_name, raw_user_meta_data->>'last_name' AS last_name,
            created_at, last_sign_in_at, invited_at
       FROM auth.users
      WHERE email ILIKE $1 OR id::text = $3
         OR coalesce(raw_user_meta_data->>'first_name', '') || ' ' || coalesce(raw_user_meta_data->>'last_name', '') ILIKE $1
      ORDER BY created_at DESC, id
      LIMIT $2`,
    [pattern, limit, query.trim().toLowerCase()],
  );
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      emailConfirmed: r.email_confirmed_at !== null,
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      createdAt: r.created_at.toISOString(),
      lastSignInAt: r.last_sign_in_at ? r.last_sign_in_at.toISOString() : null,
      invited: r.invited_at !== null,
    })),
  };
}
