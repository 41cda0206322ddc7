import { useSessionStore } from '@tracemap/shell-core';

/** The labels of the buttons in rendered markup. */
export const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]+)</g)].map((m) => m[1]);

/** Puts the real fetch back and clears the session after each test of the calling block. */
export function restoreFetchAfterEach(): void {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    useSessionStore.getState().reset();
  });
}

/** Signs in, answers every request with `status` and `answer`, and returns the requests made. */
export const recordFetch = (status: number, answer: unknown) => {
  useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: Date.now() / 1000 + 3600 });
  const calls: { url: string; init: RequestInit }[] = [];
  global.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(answer === null ? null : JSON.stringify(answer), { status });
  }) as typeof fetch;
  return calls;
};
