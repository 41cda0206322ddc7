import type { AnalyticsBatch } from '@tracemap/contracts';
import {
  assignExperiments,
  createAnalyticsClient,
  FLUSH_DELAY_MS,
  SESSION_TIMEOUT_MS,
  type Clock,
  type CookieJar,
  type KeyValueStorage,
  type PageSignals,
} from '../src/analytics';

/** A clock whose time moves only when the test says so; due timers run in time order. */
class FakeClock implements Clock {
  time = Date.parse('2026-11-23T09:00:00.000Z');
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private next = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }
}

class MemoryStorage implements KeyValueStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

class MemoryCookies implements CookieJar {
  data = new Map<string, { value: string; days: number }>();
  get = (name: string) => this.data.get(name)?.value ?? null;
  set = (name: string, value: string, days: number) => void this.data.set(name, { value, days });
}

class FakePage implements PageSignals {
  isVisible = true;
  currentPath = '/';
  query = '';
  optOut = false;
  private visibility = new Set<() => void>();
  private hide = new Set<() => void>();
  visible = () => this.isVisible;
  path = () => this.currentPath;
  search = () => this.query;
  referrer = () => 'https://news.example.com/post';
  optedOut = () => this.optOut;
  onVisibilityChange = (l: () => void) => (this.visibility.add(l), () => this.visibility.delete(l));
  onPageHide = (l: () => void) => (this.hide.add(l), () => this.hide.delete(l));
  setVisible(visible: boolean) {
    this.isVisible = visible;
    this.visibility.forEach((l) => l());
  }
  pageHide() {
    this.hide.forEach((l) => l());
  }
}

function setup(
  shared: {
    storage?: MemoryStorage;
    cookies?: MemoryCookies;
    random?: () => number;
    beaconRefused?: boolean;
    token?: string;
  } = {},
) {
  const clock = new FakeClock();
  const storage = shared.storage ?? new MemoryStorage();
  const cookies = shared.cookies ?? new MemoryCookies();
  const page = new FakePage();
  const beacons: AnalyticsBatch[] = [];
  const posts: AnalyticsBatch[] = [];
  const postTokens: Array<string | null> = [];
  const client = createAnalyticsClient({
    clock,
    storage,
    cookies,
    page,
    random: shared.random,
    ...(shared.token ? { token: () => shared.token ?? null } : {}),
    experiments: [
      { id: 'hero-copy', trafficPercent: 20, variants: ['a', 'b'] },
      { id: 'pricing-layout', trafficPercent: 30 },
    ],
    transport: {
      beacon: (_url, body) => !shared.beaconRefused && (beacons.push(JSON.parse(body)), true),
      post: async (_url, body, token) => void (posts.push(JSON.parse(body)), postTokens.push(token)),
    },
  });
  return { clock, storage, cookies, page, beacons, posts, postTokens, client };
}

const events = (batches: AnalyticsBatch[]) =>
  batches.flatMap((b) => b.events.map((e) => ({ ...e, sessionId: b.sessionId })));

describe('analytics client', () => {
  test('without consent nothing is recorded; Do Not Track or Global Privacy Control keep it off even after consent', async () => {
    const { client, posts, clock } = setup();
    expect(client.start()).toBe('off');
    expect(client.needsConsent()).toBe(true);
    client.pageView('/');
    clock.advance(5000);
    expect(posts).toEqual([]);

    const other = setup();
    other.page.optOut = true;
    other.client.setConsent('granted');
    expect(other.client.state()).toBe('off');
    expect(other.client.needsConsent()).toBe(false);
    other.page.setVisible(false);
    expect(other.beacons).toEqual([]);
  });

  test('declining stops collection and drops what was queued', () => {
    const { client, clock, posts } = setup();
    client.setConsent('granted');
    client.pageView('/blog');
    client.setConsent('denied');
    clock.advance(FLUSH_DELAY_MS * 2);
    expect(posts).toEqual([]);
    expect(client.state()).toBe('off');
  });

  test('the session ends after 30 minutes without activity, not before', async () => {
    const { client, clock, posts } = setup();
    client.setConsent('granted');
    client.pageView('/');
    clock.advance(SESSION_TIMEOUT_MS - 1);
    client.pageView('/pricing');
    clock.advance(SESSION_TIMEOUT_MS);
    client.pageView('/blog');
    clock.advance(FLUSH_DELAY_MS);
    await client.flush();
    const seen = events(posts);
    expect(seen.map((e) => e.path)).toEqual(['/', '/pricing', '/blog']);
    expect(seen[0].sessionId).toBe(seen[1].sessionId);
    expect(seen[2].sessionId).not.toBe(seen[1].sessionId);
    expect(new Set(posts.map((b) => b.deviceId)).size).toBe(1);
  });

  test('a page view is recorded when the page becomes visible again', async () => {
    const { client, clock, page, posts } = setup();
    page.currentPath = '/learning';
    client.setConsent('granted');
    page.setVisible(false);
    clock.advance(60_000);
    page.setVisible(true);
    clock.advance(FLUSH_DELAY_MS);
    await client.flush();
    expect(events(posts)).toEqual([
      expect.objectContaining({ kind: 'page_view', path: '/learning', referrerHost: 'news.example.com' }),
    ]);
  });

  test('hiding the page sends the engagement summary and the queue by beacon', () => {
    const { client, clock, page, beacons, posts } = setup();
    client.setConsent('granted');
    client.pageView('/pricing');
    clock.advance(1500);
    page.setVisible(false);
    expect(posts).toEqual([]);
    expect(events(beacons)).toEqual([
      expect.objectContaining({ kind: 'page_view', path: '/pricing' }),
      expect.objectContaining({ kind: 'engagement', path: '/pricing', visibleMs: 1500 }),
    ]);
    // Unloading after the hide has nothing visible left to report.
    page.pageHide();
    expect(events(beacons)).toHaveLength(2);
  });

  test('unloading while visible also sends the summary by beacon', () => {
    const { client, clock, page, beacons } = setup();
    client.setConsent('granted');
    client.pageView('/');
    clock.advance(1000);
    page.pageHide();
    expect(events(beacons).map((e) => [e.kind, e.visibleMs])).toEqual([
      ['page_view', undefined],
      ['engagement', 1000],
    ]);
  });

  test('leaving a page within a second sends its page view at once, with no flush timer left to wait for', () => {
    const { client, clock, page, beacons, posts } = setup();
    client.setConsent('granted');
    client.pageView('/pricing');
    clock.advance(900);
    page.pageHide();
    expect(events(beacons).map((e) => [e.kind, e.path])).toEqual([
      ['page_view', '/pricing'],
      ['engagement', '/pricing'],
    ]);
    clock.advance(FLUSH_DELAY_MS * 2);
    expect(posts).toEqual([]);
  });

  test('when the browser refuses the beacon, leaving sends the same batch with a keepalive request instead', () => {
    const { client, clock, page, beacons, posts } = setup({ beaconRefused: true });
    client.setConsent('granted');
    client.pageView('/pricing');
    clock.advance(500);
    page.setVisible(false);
    expect(beacons).toEqual([]);
    expect(events(posts).map((e) => [e.kind, e.path])).toEqual([
      ['page_view', '/pricing'],
      ['engagement', '/pricing'],
    ]);
  });

  test('a signed-in visitor’s last batch goes as a request with the token, so it keeps the user id', () => {
    const { client, clock, page, beacons, posts, postTokens } = setup({ token: 'access-token-1' });
    client.setConsent('granted');
    client.pageView('/company');
    clock.advance(500);
    page.pageHide();
    expect(beacons).toEqual([]);
    expect(events(posts).map((e) => e.kind)).toEqual(['page_view', 'engagement']);
    expect(postTokens).toEqual(['access-token-1']);
  });

  test('paths travel without fragment and with only their utm_* query parameters', async () => {
    const { client, clock, page, posts } = setup();
    client.setConsent('granted');
    client.pageView('/reset-password?token=secret&utm_source=mail#form');
    page.currentPath = '/blog?q=private+search';
    client.track('search_used');
    clock.advance(FLUSH_DELAY_MS);
    await client.flush();
    expect(events(posts).map((e) => e.path)).toEqual(['/reset-password?utm_source=mail', '/blog']);
  });

  test('calls made before the client starts are retried every 250 ms and kept if it starts within 2.5 s', async () => {
    const early = setup();
    early.storage.setItem('tm_analytics_consent', 'granted');
    early.client.pageView('/early');
    early.clock.advance(2000);
    early.client.start();
    early.clock.advance(250 + FLUSH_DELAY_MS);
    await early.client.flush();
    expect(events(early.posts).map((e) => e.path)).toEqual(['/early']);

    const late = setup();
    late.storage.setItem('tm_analytics_consent', 'granted');
    late.client.pageView('/late');
    late.clock.advance(2600);
    late.client.start();
    late.clock.advance(FLUSH_DELAY_MS * 2);
    await late.client.flush();
    expect(late.posts).toEqual([]);
  });

  test('UTM fields of the landing URL travel with every batch', async () => {
    const { client, clock, page, posts } = setup();
    page.query = '?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&other=1';
    client.setConsent('granted');
    client.track('demo_requested', { source: 'home' });
    clock.advance(FLUSH_DELAY_MS);
    await client.flush();
    expect(posts[0].utm).toEqual({ source: 'newsletter', medium: 'email', campaign: 'autumn' });
    expect(posts[0].events[0]).toMatchObject({ kind: 'event', name: 'demo_requested', properties: { source: 'home' } });
  });

  test('the bucket is kept in a cookie for 365 days and stays the same across reloads', async () => {
    const cookies = new MemoryCookies();
    const storage = new MemoryStorage();
    const first = setup({ cookies, storage, random: () => 0.37 });
    first.client.setConsent('granted');
    expect(cookies.data.get('tm_bucket')).toEqual({ value: '37', days: 365 });
    // A reload: a new client over the same cookie jar draws a different random number but keeps the bucket.
    const reload = setup({ cookies, storage, random: () => 0.91 });
    reload.client.start();
    reload.client.pageView('/');
    reload.clock.advance(FLUSH_DELAY_MS);
    await reload.client.flush();
    expect(reload.posts[0].bucket).toBe(37);
    expect(reload.posts[0].experiments).toEqual([{ experiment: 'pricing-layout', variant: 'treatment' }]);
  });

  test('experiments take slices of the buckets by traffic percent, in the order listed', () => {
    const list = [
      { id: 'first', trafficPercent: 10 },
      { id: 'second', trafficPercent: 25, variants: ['x', 'y', 'z'] },
      { id: 'third', trafficPercent: 80 },
    ];
    const at = (bucket: number) => assignExperiments(list, bucket)[0] ?? null;
    expect(at(0)).toEqual({ experiment: 'first', variant: 'control' });
    expect(at(4)).toEqual({ experiment: 'first', variant: 'control' });
    expect(at(5)).toEqual({ experiment: 'first', variant: 'treatment' });
    expect(at(9)).toEqual({ experiment: 'first', variant: 'treatment' });
    expect(at(10)).toEqual({ experiment: 'second', variant: 'x' });
    expect(at(34)).toEqual({ experiment: 'second', variant: 'z' });
    // The third asks for 80 % but only 65 buckets are left.
    expect(at(35)).toEqual({ experiment: 'third', variant: 'control' });
    expect(at(99)).toEqual({ experiment: 'third', variant: 'treatment' });
    const counts = new Map<string, number>();
    for (let b = 0; b < 100; b++) {
      const a = at(b);
      counts.set(a?.experiment ?? 'none', (counts.get(a?.experiment ?? 'none') ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ first: 10, second: 25, third: 65 });
    expect(assignExperiments([{ id: 'small', trafficPercent: 10 }], 50)).toEqual([]);
  });
});
