import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';

export type OneTimeTokenType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: OneTimeTokenType;
  email: string;
  redirect_to: string | null;
  flow_state_id: string | null;
  expires_at: Date;
}

const COLUMNS = 'id, user_id, token_type, email, redirect_to, flow_state_id, expires_at';

/** Stores a token, replacing the user's previous one of the same type (its link stops working). */
export async function replaceOneTimeToken(
  db: Queryable,
  token: {
    userId: string;
    type: OneTimeTokenType;
    tokenHash: string;
    otpHash: string;
    email: string;
    redirectTo: string | null;
    flowStateId: string | null;
    expiresInSeconds: number;
  },
): Promise<void> {
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2', [token.userId, token.type]);
  await db.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, otp_hash, email, redirect_to, flow_state_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
    [
      randomUUID(),
      token.userId,
      token.type,
      token.tokenHash,
      token.otpHash,
      token.email,
      token.redirectTo,
      token.flowStateId,
      token.expiresInSeconds,
    ],
  );
}

export async function findTokenByHash(
  db: Queryable,
  tokenHash: string,
  types: OneTimeTokenType[],
): Promise<OneTimeTokenRow | null> {
  const { rows } = await db.query<OneTimeTokenRow>(
    `SELECT ${COLUMNS} FROM auth.one_time_tokens WHERE token_hash = $1 AND token_type = ANY($2::text[]) FOR UPDATE`,
    [tokenHash, types],
  );
  return rows[0] ?? null;
}

export async function findTokenByOtp(
  db: Queryable,
  email: string,
  otpHash: string,
  types: OneTimeTokenType[],
): Promise<OneTimeTokenRow | null> {
  const { rows } = await db.query<OneTimeTokenRow>(
    `SELECT ${COLUMNS} FROM auth.one_time_tokens WHERE email = $1 AND otp_hash = $2 AND token_type = ANY($3::text[]) FOR UPDATE`,
    [email, otpHash, types],
  );
  return rows[0] ?? null;
}

export async function deleteToken(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM auth.one_time_tokens WHERE id = $1', [id]);
}

export async function deleteUserTokens(db: Queryable, userId: string, types: OneTimeTokenType[]): Promise<void> {
  await db.query('DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = ANY($2::text[])', [
    userId,
    types,
  ]);
}
