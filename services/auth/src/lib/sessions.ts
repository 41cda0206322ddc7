import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tracemap/service-kit';
import { listFactors } from '../repositories/factors-repository';
import { insertRefreshToken, insertSession, type AmrEntry, type SessionRow } from '../repositories/sessions-repository';
import { updateUser, type UserRow } from '../repositories/users-repository';
import type { AuthDeps, RequestMeta } from './deps';
import { userJson, type UserJson } from './user-json';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export async function mintRefreshToken(
  deps: AuthDeps,
  db: Queryable,
  session: SessionRow,
  parentId: string | null,
): Promise<string> {
  const id = randomUUID();
  const token = deps.refreshTokens.tokenFor(id);
  await insertRefreshToken(db, {
    id,
    tokenHash: deps.refreshTokens.digest(token),
    sessionId: session.id,
    userId: session.user_id,
    parentId,
  });
  return token;
}

/** Access token claims as supabase-js and every service expect them. */
export async function sessionJson(
  deps: AuthDeps,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const factors = await listFactors(db, user.id);
  const ttl = deps.config.AUTH_ACCESS_TOKEN_TTL_SECONDS;
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await deps.keys.sign({
    iss: deps.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp: now + ttl,
    iat: now,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ttl,
    expires_at: now + ttl,
    refresh_token: refreshToken,
    user: userJson(user, factors),
  };
}

/** Starts a new session for a user who just proved who they are with `method`. */
export async function startSession(
  deps: AuthDeps,
  db: Queryable,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<SessionJson> {
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const session = await insertSession(db, {
    userId: user.id,
    amr,
    lifetimeSeconds: deps.config.AUTH_SESSION_MAX_LIFETIME_SECONDS,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  const signedIn = await updateUser(db, user.id, { last_sign_in_at: 'now' });
  const refreshToken = await mintRefreshToken(deps, db, session, null);
  return sessionJson(deps, db, signedIn, session, refreshToken);
}
