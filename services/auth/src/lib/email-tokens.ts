import type { Queryable } from '@tracemap/service-kit';
import { enqueueEmail, type TemplateName } from '@tracemap/mailer';
import { replaceOneTimeToken, type OneTimeTokenType } from '../repositories/one-time-tokens-repository';
import { updateUser, type UserRow } from '../repositories/users-repository';
import { otpDigest, randomToken, sha256, sixDigitCode } from './crypto';
import type { AuthDeps } from './deps';

export interface IssuedEmailToken {
  /** The secret in the emailed link (`token_hash` for `POST /verify`). */
  linkToken: string;
  otp: string;
  link: string;
  redirectTo: string;
}

/**
 * Makes a single-use email token (a link secret and a 6-digit code, both
 * from the CSPRNG and stored only as digests) that replaces the user's
 * previous one of the same type.
 */
export async function issueEmailToken(
  deps: AuthDeps,
  db: Queryable,
  input: { user: UserRow; type: OneTimeTokenType; email: string; redirectTo: string; flowStateId: string | null },
): Promise<IssuedEmailToken> {
  const linkToken = randomToken();
  const otp = sixDigitCode();
  await replaceOneTimeToken(db, {
    userId: input.user.id,
    type: input.type,
    tokenHash: sha256(linkToken),
    otpHash: otpDigest(input.email, otp),
    email: input.email,
    redirectTo: input.redirectTo,
    flowStateId: input.flowStateId,
    expiresInSeconds: deps.config.AUTH_OTP_EXPIRY_SECONDS,
  });
  return { linkToken, otp, link: emailLink(deps, input.type, linkToken, input), redirectTo: input.redirectTo };
}

/**
 * A plain password reset opens the product's reset page, which spends the
 * token only when the user submits a new password — a mail scanner that
 * fetches the link cannot burn it. PKCE flows and other types go through
 * `GET /verify` as in the Supabase API.
 */
function emailLink(
  deps: AuthDeps,
  type: OneTimeTokenType,
  linkToken: string,
  input: { redirectTo: string; flowStateId: string | null },
): string {
  if (type === 'recovery' && !input.flowStateId) {
    return new URL(`/reset-password/${encodeURIComponent(linkToken)}`, deps.config.PUBLIC_URL).toString();
  }
  const link = new URL('/auth/v1/verify', deps.config.PUBLIC_URL);
  link.searchParams.set('token', linkToken);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', input.redirectTo);
  return link.toString();
}

function firstName(user: UserRow): string | undefined {
  const meta = user.raw_user_meta_data ?? {};
  const name = meta.first_name ?? meta.firstName;
  return typeof name === 'string' && name.length > 0 ? name.slice(0, 100) : undefined;
}

/** Queues an email in the caller's transaction (delivered by the outbox worker after commit). */
export async function queueEmail(
  db: Queryable,
  template: TemplateName,
  user: UserRow,
  to: string,
  extra: { link?: string; otp?: string } = {},
): Promise<void> {
  await enqueueEmail(db, 'auth', { template, to, data: { ...extra, firstName: firstName(user) } });
}

/**
 * Issues a one-time token, stamps when it was sent, and queues the email
 * carrying its link and code — all in the caller's transaction.
 */
export async function emailOneTimeToken(
  deps: AuthDeps,
  db: Queryable,
  input: {
    user: UserRow;
    type: OneTimeTokenType;
    email: string;
    redirectTo: string;
    flowStateId: string | null;
    template: TemplateName;
    sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at';
  },
): Promise<UserRow> {
  const token = await issueEmailToken(deps, db, input);
  const updated = await updateUser(db, input.user.id, { [input.sentAt]: 'now' });
  await queueEmail(db, input.template, updated, input.email, { link: token.link, otp: token.otp });
  return updated;
}
