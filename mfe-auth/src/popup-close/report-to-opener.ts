/** The name both ends of an OAuth popup use (the opener listens on it; see mfe-company's Slack page). */
export const OAUTH_POPUP_CHANNEL = 'tracemap:oauth';

export interface PopupReport {
  provider: string;
  status: 'success' | 'error';
  code?: string;
}

/** What the callback put in the address: `?provider=slack&status=success|error&code=…`. */
export function readReport(search: string): PopupReport | null {
  const params = new URLSearchParams(search);
  const provider = params.get('provider');
  const status = params.get('status');
  if (!provider || (status !== 'success' && status !== 'error')) return null;
  const code = params.get('code');
  return { provider, status, ...(code ? { code } : {}) };
}

/**
 * Tells the opener three ways, since each can fail on its own: a BroadcastChannel (same origin,
 * even when COOP cut `opener`), `opener.postMessage` to this origin only, and a localStorage
 * write that fires a `storage` event in other tabs.
 */
export function reportToOpener(report: PopupReport): void {
  try {
    const channel = new BroadcastChannel(OAUTH_POPUP_CHANNEL);
    channel.postMessage(report);
    channel.close();
  } catch {
    // No BroadcastChannel here: the other two ways remain.
  }
  try {
    window.opener?.postMessage(report, window.location.origin);
  } catch {
    // The opener is gone or cut off.
  }
  try {
    window.localStorage.setItem(OAUTH_POPUP_CHANNEL, JSON.stringify({ ...report, at: Date.now() }));
  } catch {
    // Storage disabled.
  }
}
