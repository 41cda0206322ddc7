import { withTransaction } from '@tracemap/service-kit';
import { enqueueEmail } from '@tracemap/mailer';
import type { AccountDeps } from '../deps';
import { findProfile } from '../profile/profile-repository';
import { namesFromMetadata } from '../profile/names-from-metadata';

export const ALREADY_REGISTERED_ANSWER = 'If this email can be used, check your inbox for the next step.';

/** At most one notice per address in this window, however often it is asked for. */
const NOTICE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Signing up with a registered address must not reveal that it is taken:
 * the owner gets an email instead, and the caller the same answer either way.
 */
export async function notifyAlreadyRegistered(
  deps: AccountDeps,
  email: string,
  requestId: string,
): Promise<{ message: string }> {
  const user = await deps.authApi.userByEmail(email.trim().toLowerCase(), requestId);
  if (user) {
    const window = Math.floor(Date.now() / NOTICE_WINDOW_MS);
    await withTransaction(deps.pool, async (client) => {
      const profile = await findProfile(client, user.id);
      const firstName = profile?.firstName || namesFromMetadata(user.userMetadata).firstName;
      await enqueueEmail(client, 'account', {
        template: 'already-registered',
        to: user.email,
        data: { firstName, link: new URL('/login', deps.config.PUBLIC_URL).toString() },
        dedupeKey: `already-registered:${user.id}:${window}`,
      });
    });
    deps.outbox.wake();
  }
  return { message: ALREADY_REGISTERED_ANSWER };
}
