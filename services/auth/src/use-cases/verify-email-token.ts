import { randomToken, otpDigest, sha256 } from '../lib/crypto';
import { AuthError, emailExists, otpExpired } from '../lib/auth-error';
import type { AuthDeps, RequestMeta } from '../lib/deps';
import { normalizeEmail } from '../lib/email-address';
import { checkAuthLimits } from '../lib/limits';
import { startSession, type SessionJson } from '../lib/sessions';
import { deleteFlowState, issueAuthCode } from '../repositories/flow-states-repository';
import {
  deleteToken,
  findTokenByHash,
  findTokenByOtp,
  type OneTimeTokenRow,
  type OneTimeTokenType,
} from '../repositories/one-time-tokens-repository';
import { findUserByEmail, findUserById, updateUser } from '../repositories/users-repository';

export type VerifyType = OneTimeTokenType | 'email';

const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['signup', 'magiclink'],
};

/** The `amr` method a session started from each kind of email token records. */
export const AMR_METHOD: Record<OneTimeTokenType, string> = {
  signup: 'otp',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

export interface VerifyInput {
  type: VerifyType;
  tokenHash?: string;
  email?: string;
  otp?: string;
}

export type VerifyOutcome =
  | { kind: 'session'; session: SessionJson; type: OneTimeTokenType; redirectTo: string | null }
  | { kind: 'code'; authCode: string; type: OneTimeTokenType; redirectTo: string | null };

/**
 * Consumes an email token (link secret or 6-digit code): single use,
 * expiring, and never accepted for another purpose than it was made for.
 * `forRedirect` answers a PKCE-bound link with an auth code instead of a session.
 */
export async function verifyEmailToken(
  deps: AuthDeps,
  input: VerifyInput,
  meta: RequestMeta,
  forRedirect: boolean,
): Promise<VerifyOutcome> {
  const email = input.email ? normalizeEmail(input.email) : null;
  await checkAuthLimits(deps, 'verify', meta, email);
  const outcome = await deps.transaction(async (db): Promise<VerifyOutcome | AuthError> => {
    const types = TOKEN_TYPES[input.type];
    let token: OneTimeTokenRow | null = null;
    if (input.tokenHash) token = await findTokenByHash(db, sha256(input.tokenHash), types);
    else if (email && input.otp) token = await findTokenByOtp(db, email, otpDigest(email, input.otp), types);
    if (!token) return otpExpired();
    await deleteToken(db, token.id);
    if (token.expires_at <= new Date()) return otpExpired();
    let user = await findUserById(db, token.user_id, true);
    if (!user) return otpExpired();

    if (token.token_type === 'email_change') {
      if (user.email_change !== token.email) return otpExpired();
      const taken = await findUserByEmail(db, token.email);
      if (taken && taken.id !== user.id) return emailExists();
      user = await updateUser(db, user.id, {
        email: token.email,
        email_change: null,
        email_change_sent_at: null,
        email_confirmed_at: user.email_confirmed_at ?? 'now',
      });
    } else if (!user.email_confirmed_at) {
      // Following any link sent to the address proves the address.
      user = await updateUser(db, user.id, { email_confirmed_at: 'now' });
    }

    if (token.flow_state_id) {
      if (forRedirect) {
        const authCode = randomToken();
        await issueAuthCode(db, token.flow_state_id, sha256(authCode));
        return { kind: 'code', authCode, type: token.token_type, redirectTo: token.redirect_to };
      }
      await deleteFlowState(db, token.flow_state_id);
    }
    const session = await startSession(deps, db, user, AMR_METHOD[token.token_type], meta);
    return { kind: 'session', session, type: token.token_type, redirectTo: token.redirect_to };
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
