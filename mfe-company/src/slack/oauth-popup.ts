import { OAUTH_POPUP_CHANNEL } from '@tracemap/contracts';

export interface PopupResult {
  provider: string;
  status: 'success' | 'error';
  code?: string;
}

function asResult(value: unknown): PopupResult | null {
  if (!value || typeof value !== 'object') return null;
  const { provider, status, code } = value as Record<string, unknown>;
  if (typeof provider !== 'string' || (status !== 'success' && status !== 'error')) return null;
  return { provider, status, ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * Opens the popup now, inside the click (a popup opened after an await is blocked), on a blank
 * page the caller then sends to the install URL.
 */
export function openBlankPopup(): Window | null {
  return window.open('about:blank', 'tracemap-oauth', 'popup,width=600,height=720');
}

/**
 * Hears `/auth/popup-close` whichever way reaches this page first: a BroadcastChannel, a
 * postMessage from its own origin, or a localStorage write. Answers a function that stops listening.
 */
export function listenForPopup(provider: string, onResult: (result: PopupResult) => void): () => void {
  let done = false;
  const deliver = (value: unknown) => {
    const result = asResult(value);
    if (done || !result || result.provider !== provider) return;
    done = true;
    onResult(result);
  };
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_POPUP_CHANNEL) : null;
  if (channel) channel.onmessage = (event) => deliver(event.data);
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) deliver(event.data);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== OAUTH_POPUP_CHANNEL || !event.newValue) return;
    try {
      deliver(JSON.parse(event.newValue));
    } catch {
      // Not ours.
    }
  };
  window.addEventListener('message', onMessage);
  window.addEventListener('storage', onStorage);
  return () => {
    done = true;
    channel?.close();
    window.removeEventListener('message', onMessage);
    window.removeEventListener('storage', onStorage);
  };
}
