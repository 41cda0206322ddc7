import { acceptInvitation, claimInvitation } from '@tracemap/shell-core/company-api';
import { ApiError, getSupabase, invalidateSync, resetStores, type InvitationDetails } from '@tracemap/shell-core';
import { logIn, normalizeEmail } from '@tracemap/shell-core/login';

export type JoinResult =
  { ok: true; companyId: string } | { ok: false; message: string; accountExists?: boolean; needsLogin?: boolean };

function failure(error: unknown): JoinResult {
  if (error instanceof ApiError)
    return { ok: false, message: error.message, accountExists: error.code === 'email_exists' };
  return { ok: false, message: 'Could not accept the invitation. Try again later.' };
}

/** Ends whatever session this browser has, without leaving the page. */
export async function signOutHere(): Promise<void> {
  try {
    const supabase = await getSupabase();
    await supabase.auth.signOut({ scope: 'local' });
  } catch {
    // local state is cleared below regardless
  }
  invalidateSync();
  resetStores();
}

/**
 * A new user: sign out any current session, let the company service verify the one-time token
 * from the email link and create the account, then sign in with the chosen password.
 */
export async function joinAsNewUser(
  invitation: InvitationDetails,
  input: { token: string; password: string; firstName: string; lastName: string },
): Promise<JoinResult> {
  await signOutHere();
  let joined;
  try {
    joined = await claimInvitation(invitation.invitationId, input);
  } catch (error) {
    return failure(error);
  }
  const login = await logIn(joined.email ?? invitation.email, input.password);
  if (!login.ok) return { ok: false, message: login.message, needsLogin: true };
  if (login.mfa) return { ok: false, message: 'Finish signing in with your authenticator code.', needsLogin: true };
  return { ok: true, companyId: joined.companyId };
}

/** An existing user signed in with the invited email joins the company. */
export async function joinAsExistingUser(
  invitation: InvitationDetails,
  names: { firstName: string; lastName: string },
): Promise<JoinResult> {
  try {
    const joined = await acceptInvitation({
      invitationId: invitation.invitationId,
      email: normalizeEmail(invitation.email),
      firstName: names.firstName.trim(),
      lastName: names.lastName.trim(),
    });
    invalidateSync();
    return { ok: true, companyId: joined.companyId };
  } catch (error) {
    return failure(error);
  }
}

/** Logs in with the invited email through the usual login steps, then accepts. */
export async function logInAndJoin(
  invitation: InvitationDetails,
  password: string,
  names: { firstName: string; lastName: string },
): Promise<JoinResult> {
  await signOutHere();
  const login = await logIn(invitation.email, password);
  if (!login.ok) return { ok: false, message: login.message };
  if (login.mfa) return { ok: false, message: 'Finish signing in with your authenticator code.', needsLogin: true };
  return joinAsExistingUser(invitation, names);
}
