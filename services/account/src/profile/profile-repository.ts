import type { Queryable } from '@tracemap/service-kit';

/** A user's profile as this service stores it; other services see the contracts' `Profile` (names and email). */
export interface ProfileRecord {
  userId: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string;
  lastName: string;
  anamapAdmin: boolean;
  passwordResetRequired: boolean;
  trialUsed: boolean;
}

interface ProfileRow {
  user_id: string;
  email: string;
  email_confirmed: boolean;
  first_name: string;
  last_name: string;
  anamap_admin: boolean;
  password_reset_required: boolean;
  trial_used: boolean;
}

const COLUMNS =
  'user_id, email, email_confirmed, first_name, last_name, anamap_admin, password_reset_required, trial_used';

function toProfile(row: ProfileRow): ProfileRecord {
  return {
    userId: row.user_id,
    email: row.email,
    emailConfirmed: row.email_confirmed,
    firstName: row.first_name,
    lastName: row.last_name,
    anamapAdmin: row.anamap_admin,
    passwordResetRequired: row.password_reset_required,
    trialUsed: row.trial_used,
  };
}

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRecord | null> {
  const { rows } = await db.query<ProfileRow>(`SELECT ${COLUMNS} FROM account.profiles WHERE user_id = $1`, [userId]);
  return rows[0] ? toProfile(rows[0]) : null;
}

export async function findProfiles(db: Queryable, userIds: string[]): Promise<ProfileRecord[]> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${COLUMNS} FROM account.profiles WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return rows.map(toProfile);
}

export async function findProfileByEmail(db: Queryable, email: string): Promise<ProfileRecord | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${COLUMNS} FROM account.profiles WHERE lower(email) = lower($1) LIMIT 1`,
    [email],
  );
  return rows[0] ? toProfile(rows[0]) : null;
}

export interface ProfileSeed {
  userId: string;
  email: string;
  emailConfirmed?: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates the profile on first sight of a user (the identity lives in auth)
 * and keeps email and confirmation in step with auth afterwards. Names are
 * only seeded, never overwritten: the user edits them here.
 */
export async function upsertProfile(db: Queryable, seed: ProfileSeed): Promise<ProfileRecord> {
  const { rows } = await db.query<ProfileRow>(
    `INSERT INTO account.profiles (user_id, email, email_confirmed, first_name, last_name)
     VALUES ($1, $2, coalesce($3, false), coalesce($4, ''), coalesce($5, ''))
     ON CONFLICT (user_id) DO UPDATE
       SET email = EXCLUDED.email,
           email_confirmed = coalesce($3, account.profiles.email_confirmed),
           first_name = CASE WHEN account.profiles.first_name = '' THEN EXCLUDED.first_name ELSE account.profiles.first_name END,
           last_name = CASE WHEN account.profiles.last_name = '' THEN EXCLUDED.last_name ELSE account.profiles.last_name END,
           updated_at = CASE
             WHEN account.profiles.email IS DISTINCT FROM EXCLUDED.email
               OR account.profiles.email_confirmed IS DISTINCT FROM coalesce($3, account.profiles.email_confirmed)
             THEN now() ELSE account.profiles.updated_at END
     RETURNING ${COLUMNS}`,
    [seed.userId, seed.email, seed.emailConfirmed ?? null, seed.firstName ?? null, seed.lastName ?? null],
  );
  return toProfile(rows[0]);
}

export async function updateName(db: Queryable, userId: string, firstName: string, lastName: string): Promise<void> {
  await db.query(`UPDATE account.profiles SET first_name = $2, last_name = $3, updated_at = now() WHERE user_id = $1`, [
    userId,
    firstName,
    lastName,
  ]);
}

export async function setAdmin(db: Queryable, userId: string, admin: boolean): Promise<void> {
  await db.query(`UPDATE account.profiles SET anamap_admin = $2, updated_at = now() WHERE user_id = $1`, [
    userId,
    admin,
  ]);
}

export async function setPasswordResetRequired(db: Queryable, userId: string, required: boolean): Promise<void> {
  await db.query(`UPDATE account.profiles SET password_reset_required = $2, updated_at = now() WHERE user_id = $1`, [
    userId,
    required,
  ]);
}
