import type { Peers } from '../core/peers';

/** "First Last" from account, else the address in the caller's token, else nothing. */
export async function displayName(
  peers: Peers,
  userId: string,
  fallbackEmail: string | null,
  requestId?: string,
): Promise<string | null> {
  const profile = (await peers.profiles([userId], requestId)).get(userId);
  const full = [profile?.firstName, profile?.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return full || profile?.email || fallbackEmail || null;
}
