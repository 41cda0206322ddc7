import {
  analyticsPath,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type ExperimentAssignment,
  type Utm,
} from '@tracemap/contracts';
import { readConsent, writeConsent, type Consent } from './consent';
import type { Clock, CookieJar, KeyValueStorage, PageSignals, Transport } from './environment';
import { assignExperiments, visitorBucket, type Experiment } from './experiments';
import { deviceId, touchSession } from './session';
import { utmFrom } from './utm';

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
/** While the client is not started yet, a call is retried this often, up to the limit below. */
export const RETRY_INTERVAL_MS = 250;
export const RETRY_LIMIT_MS = 2500;
/** Events wait this long to travel together in one request. */
export const FLUSH_DELAY_MS = 2000;
const MAX_BATCH = 50;

export interface AnalyticsOptions {
  clock: Clock;
  storage: KeyValueStorage;
  cookies: CookieJar;
  transport: Transport;
  page: PageSignals;
  experiments?: Experiment[];
  /** The signed-in user's access token, if any: the collector then records the user id. */
  token?: () => string | null;
  random?: () => number;
}

type Pending = Omit<AnalyticsEvent, 'occurredAt'> & { occurredAt?: string };
interface Queued {
  sessionId: string;
  event: AnalyticsEvent;
}

export type AnalyticsState = 'waiting' | 'on' | 'off';

export interface AnalyticsClient {
  /** Turns collection on when consent was given and no opt-out signal is set; otherwise off. */
  start(): AnalyticsState;
  state(): AnalyticsState;
  pageView(path?: string): void;
  track(name: string, properties?: AnalyticsEvent['properties']): void;
  setConsent(consent: Consent): void;
  consent(): Consent | null;
  /** Whether the visitor still has to answer the consent notice. */
  needsConsent(): boolean;
  assignments(): ExperimentAssignment[];
  /** Sends what is queued now (the page stays). */
  flush(): Promise<void>;
  stop(): void;
}

export function createAnalyticsClient(options: AnalyticsOptions): AnalyticsClient {
  const { clock, storage, transport, page } = options;
  let state: AnalyticsState = 'waiting';
  let device = '';
  let bucket = 0;
  let experiments: ExperimentAssignment[] = [];
  let utm: Utm | undefined;
  let queue: Queued[] = [];
  let flushTimer: unknown = null;
  let visibleSince: number | null = null;
  let visibleMs = 0;
  let lastPath = '';
  const unsubscribe: Array<() => void> = [];

  const iso = () => new Date(clock.now()).toISOString();

  const batches = (): AnalyticsBatch[] => {
    const bySession = new Map<string, AnalyticsEvent[]>();
    for (const item of queue) bySession.set(item.sessionId, [...(bySession.get(item.sessionId) ?? []), item.event]);
    queue = [];
    const out: AnalyticsBatch[] = [];
    for (const [sessionId, events] of bySession) {
      for (let i = 0; i < events.length; i += MAX_BATCH) {
        out.push({
          deviceId: device,
          sessionId,
          bucket,
          experiments,
          ...(utm ? { utm } : {}),
          events: events.slice(i, i + MAX_BATCH),
        });
      }
    }
    return out;
  };

  const cancelFlush = () => {
    if (flushTimer !== null) clock.clearTimeout(flushTimer);
    flushTimer = null;
  };

  const flush = async () => {
    cancelFlush();
    const token = options.token?.() ?? null;
    // A failed send is dropped: analytics never gets in the way of the product.
    await Promise.all(
      batches().map((b) => transport.post(ANALYTICS_ENDPOINT, JSON.stringify(b), token).catch(() => undefined)),
    );
  };

  /** The page is going away: what is queued leaves now, by means that outlive the page. */
  const sendBeforeLeaving = () => {
    cancelFlush();
    const token = options.token?.() ?? null;
    for (const b of batches()) {
      const body = JSON.stringify(b);
      // A beacon cannot carry the token, so a signed-in visitor's batch goes as a keepalive request;
      // so does any batch the browser refuses to queue as a beacon.
      if (token || !transport.beacon(ANALYTICS_ENDPOINT, body))
        transport.post(ANALYTICS_ENDPOINT, body, token).catch(() => undefined);
    }
  };

  const enqueue = (pending: Pending) => {
    const { id } = touchSession(storage, clock, options.random);
    queue.push({
      sessionId: id,
      event: {
        ...pending,
        path: analyticsPath(pending.path),
        occurredAt: pending.occurredAt ?? iso(),
      } as AnalyticsEvent,
    });
    if (flushTimer === null) flushTimer = clock.setTimeout(() => void flush(), FLUSH_DELAY_MS);
  };

  /** Before start() a call waits, retried every 250 ms for 2.5 s, then is given up. */
  const record = (pending: Pending, waitedMs = 0) => {
    if (state === 'on') return enqueue({ ...pending, occurredAt: pending.occurredAt ?? iso() });
    if (state === 'off' || waitedMs >= RETRY_LIMIT_MS) return;
    const stamped = { ...pending, occurredAt: pending.occurredAt ?? iso() };
    clock.setTimeout(() => record(stamped, waitedMs + RETRY_INTERVAL_MS), RETRY_INTERVAL_MS);
  };

  const referrerHost = (): string | undefined => {
    try {
      const host = page.referrer() ? new URL(page.referrer()).host : '';
      return host ? host.slice(0, 255) : undefined;
    } catch {
      return undefined;
    }
  };

  const pageView = (path = page.path()) => {
    lastPath = analyticsPath(path);
    const ref = referrerHost();
    record({ kind: 'page_view', name: 'page_view', path, ...(ref ? { referrerHost: ref } : {}) });
  };

  const onHidden = () => {
    if (state !== 'on') return;
    if (visibleSince !== null) visibleMs += clock.now() - visibleSince;
    visibleSince = null;
    if (visibleMs > 0)
      enqueue({
        kind: 'engagement',
        name: 'engagement',
        path: lastPath || page.path(),
        visibleMs: Math.round(visibleMs),
      });
    visibleMs = 0;
    sendBeforeLeaving();
  };

  const onVisibility = () => {
    if (state !== 'on') return;
    if (page.visible()) {
      visibleSince = clock.now();
      pageView();
    } else {
      onHidden();
    }
  };

  const allowed = () => !page.optedOut() && readConsent(storage) === 'granted';

  const start = (): AnalyticsState => {
    if (state === 'on') return state;
    if (!allowed()) {
      state = 'off';
      return state;
    }
    device = deviceId(storage, options.random);
    bucket = visitorBucket(options.cookies, options.random);
    experiments = assignExperiments(options.experiments ?? [], bucket);
    utm = utmFrom(page.search());
    visibleSince = page.visible() ? clock.now() : null;
    unsubscribe.push(page.onVisibilityChange(onVisibility), page.onPageHide(onHidden));
    state = 'on';
    return state;
  };

  const stop = () => {
    unsubscribe.splice(0).forEach((off) => off());
    cancelFlush();
    queue = [];
    state = 'off';
  };

  return {
    start,
    state: () => state,
    pageView,
    track: (name, properties) =>
      record({ kind: 'event', name, path: page.path(), ...(properties ? { properties } : {}) }),
    setConsent(consent) {
      writeConsent(storage, consent);
      if (consent === 'granted') {
        if (state !== 'on') state = 'waiting';
        start();
      } else stop();
    },
    consent: () => readConsent(storage),
    needsConsent: () => !page.optedOut() && readConsent(storage) === null,
    assignments: () => experiments,
    flush,
    stop,
  };
}
