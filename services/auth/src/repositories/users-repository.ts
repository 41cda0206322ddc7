import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';

export interface UserRow {
  id: string;
  identity_id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, identity_id, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  banned_until, created_at, updated_at`;

export async function findUserByEmail(db: Queryable, email: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM auth.users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM auth.users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUsersByIds(db: Queryable, ids: string[]): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM auth.users WHERE id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function listUsers(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM auth.users ORDER BY created_at, id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.users');
  return { users: rows, total: count.rows[0].n };
}

export interface NewUser {
  email: string;
  encryptedPassword: string | null;
  emailConfirmed: boolean;
  invited?: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO auth.users (id, identity_id, email, encrypted_password, email_confirmed_at, invited_at, raw_user_meta_data, raw_app_meta_data)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END, $7,
             '{"provider":"email","providers":["email"]}'::jsonb || $8::jsonb)
     RETURNING ${COLUMNS}`,
    [
      randomUUID(),
      randomUUID(),
      user.email,
      user.encryptedPassword,
      user.emailConfirmed,
      user.invited ?? false,
      JSON.stringify(user.userMetadata ?? {}),
      JSON.stringify(user.appMetadata ?? {}),
    ],
  );
  return rows[0];
}

type Column =
  | 'email'
  | 'encrypted_password'
  | 'email_confirmed_at'
  | 'invited_at'
  | 'confirmation_sent_at'
  | 'recovery_sent_at'
  | 'email_change'
  | 'email_change_sent_at'
  | 'last_sign_in_at'
  | 'raw_user_meta_data'
  | 'raw_app_meta_data'
  | 'banned_until';

/** Sets the given columns; the value `'now'` stores the current time. */
export async function updateUser(
  db: Queryable,
  id: string,
  changes: Partial<Record<Column, unknown>>,
): Promise<UserRow> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(changes)) {
    if (value === 'now') {
      sets.push(`${column} = now()`);
      continue;
    }
    values.push(
      value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
    );
    sets.push(`${column} = $${values.length}`);
  }
  sets.push('updated_at = now()');
  const { rows } = await db.query<UserRow>(
    `UPDATE auth.users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
    values,
  );
  return rows[0];
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.users WHERE id = $1', [id]);
}
