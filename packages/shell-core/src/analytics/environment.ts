/** Everything the analytics client takes from the browser, so tests can hand in fakes. */

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, maxAgeDays: number): void;
}

export interface Transport {
  /** Fire-and-forget that survives the page going away (navigator.sendBeacon). */
  beacon(url: string, body: string): boolean;
  /** An ordinary request while the page lives; the bearer token identifies a signed-in user. */
  post(url: string, body: string, token: string | null): Promise<void>;
}

export interface PageSignals {
  visible(): boolean;
  path(): string;
  search(): string;
  referrer(): string;
  /** Do Not Track or Global Privacy Control is on. */
  optedOut(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  /** pagehide: the page is being unloaded or put in the back/forward cache. */
  onPageHide(listener: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function browserCookies(): CookieJar {
  return {
    get(name) {
      const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
      return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
    },
    set(name, value, maxAgeDays) {
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeDays * 86400}; Path=/; SameSite=Lax${secure}`;
    },
  };
}

export function browserTransport(): Transport {
  return {
    beacon(url, body) {
      // A string goes as text/plain: browsers refuse a beacon of a type that would need a preflight.
      return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
    },
    async post(url, body, token) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      await fetch(url, { method: 'POST', body, headers, keepalive: true, credentials: 'same-origin' });
    },
  };
}

export function browserSignals(): PageSignals {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return {
    visible: () => document.visibilityState === 'visible',
    path: () => location.pathname,
    search: () => location.search,
    referrer: () => document.referrer,
    optedOut: () =>
      nav.globalPrivacyControl === true || nav.doNotTrack === '1' || win.doNotTrack === '1' || nav.msDoNotTrack === '1',
    onVisibilityChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    onPageHide(listener) {
      window.addEventListener('pagehide', listener);
      return () => window.removeEventListener('pagehide', listener);
    },
  };
}
