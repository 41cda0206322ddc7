import type { AuthDeps } from '../lib/deps';
import { findUserByEmail } from '../repositories/users-repository';

export async function findUserByEmailAddress(deps: AuthDeps, email: string) {
  const user = await findUserByEmail(deps.db, email.trim().toLowerCase());
  return { user: user ? { id: user.id, email: user.email, emailConfirmed: Boolean(user.email_confirmed_at) } : null };
}
