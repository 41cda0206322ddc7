import { createAnalyticsClient, type AnalyticsClient } from './client';
import { browserCookies, browserSignals, browserTransport, systemClock } from './environment';
import type { Experiment } from './experiments';

export { createAnalyticsClient, ANALYTICS_ENDPOINT, RETRY_INTERVAL_MS, RETRY_LIMIT_MS, FLUSH_DELAY_MS } from './client';
export type { AnalyticsClient, AnalyticsOptions, AnalyticsState } from './client';
export type { Clock, CookieJar, KeyValueStorage, PageSignals, Transport } from './environment';
export { assignExperiments, visitorBucket, BUCKET_COOKIE, type Experiment } from './experiments';
export { SESSION_TIMEOUT_MS, touchSession, deviceId } from './session';
export { utmFrom } from './utm';
export type { Consent } from './consent';

let shared: AnalyticsClient | null = null;

/** The one analytics client of the page, built on first use with the browser's real parts. */
export function analytics(options: { experiments?: Experiment[]; token?: () => string | null } = {}): AnalyticsClient {
  shared ??= createAnalyticsClient({
    clock: systemClock,
    storage: window.localStorage,
    cookies: browserCookies(),
    transport: browserTransport(),
    page: browserSignals(),
    ...options,
  });
  return shared;
}
