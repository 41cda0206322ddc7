import type { KeyValueStorage } from './environment';

export type Consent = 'granted' | 'denied';
export const CONSENT_KEY = 'tm_analytics_consent';

export function readConsent(storage: KeyValueStorage): Consent | null {
  const value = storage.getItem(CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

export function writeConsent(storage: KeyValueStorage, consent: Consent): void {
  storage.setItem(CONSENT_KEY, consent);
}
