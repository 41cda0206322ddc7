import type { Clock, KeyValueStorage } from './environment';
import { randomId } from './ids';

/** Inactivity after which the next event starts a new session. */
export const SESSION_TIMEOUT_MS = 30 * 60 * 1000;

const DEVICE_KEY = 'tm_analytics_device';
const SESSION_KEY = 'tm_analytics_session';

interface StoredSession {
  id: string;
  lastActivity: number;
}

export function deviceId(storage: KeyValueStorage, random?: () => number): string {
  const known = storage.getItem(DEVICE_KEY);
  if (known) return known;
  const id = randomId(random);
  storage.setItem(DEVICE_KEY, id);
  return id;
}

function readSession(storage: KeyValueStorage): StoredSession | null {
  try {
    const parsed = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null;
    return parsed && typeof parsed.id === 'string' && typeof parsed.lastActivity === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The current session id, counting this call as activity: after 30 minutes without any the
 * session has ended and a new one begins. Kept in storage so every tab of the site shares it.
 */
export function touchSession(
  storage: KeyValueStorage,
  clock: Clock,
  random?: () => number,
): { id: string; isNew: boolean } {
  const now = clock.now();
  const current = readSession(storage);
  const alive = current !== null && now - current.lastActivity < SESSION_TIMEOUT_MS;
  const id = alive ? current.id : randomId(random);
  storage.setItem(SESSION_KEY, JSON.stringify({ id, lastActivity: now }));
  return { id, isNew: !alive };
}
