import { useUserStore, type CurrentUser } from './user-store';

/**
 * The last account a sync answered, kept in localStorage per user id, so a reload of a
 * logged-in page renders at once while this visit's sync runs. Only complete answers are
 * kept; logging out (or any reset of the stores) forgets every saved account.
 */
const PREFIX = 'tracemap.account.v1.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw when storage is disabled for the site.
    return null;
  }
}

export function saveAccount(user: CurrentUser): void {
  if (user.degraded?.length) return;
  try {
    storage()?.setItem(PREFIX + user.id, JSON.stringify(user));
  } catch {
    // Full or disabled storage only costs the fast first render.
  }
}

export function loadSavedAccount(userId: string | undefined): CurrentUser | null {
  if (!userId) return null;
  try {
    const raw = storage()?.getItem(PREFIX + userId);
    if (!raw) return null;
    const user = JSON.parse(raw) as CurrentUser;
    return user && user.id === userId && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function forgetSavedAccounts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing else to do: the copies stay until the next successful reset.
  }
}

let unwatch: (() => void) | null = null;

/**
 * Keeps the saved copy in step with every confirmed change of the signed-in user (a sync, a
 * name edit, a company joined), so the next reload starts from what the user last saw.
 * Idempotent; the shell starts it at boot.
 */
export function watchSavedAccount(): () => void {
  if (!unwatch) {
    const unsubscribe = useUserStore.subscribe((state, previous) => {
      if (state.user && !state.savedCopy && state.user !== previous.user) saveAccount(state.user);
    });
    unwatch = () => {
      unsubscribe();
      unwatch = null;
    };
  }
  return unwatch;
}
