import { OAUTH_POPUP_CHANNEL, readReport, reportToOpener } from './report-to-opener';

describe('readReport', () => {
  test('reads a provider result from the callback address', () => {
    expect(readReport('?provider=slack&status=success')).toEqual({ provider: 'slack', status: 'success' });
    expect(readReport('?provider=slack&status=error&code=invalid_state')).toEqual({
      provider: 'slack',
      status: 'error',
      code: 'invalid_state',
    });
  });

  test('anything else is no report (a sign-in popup)', () => {
    expect(readReport('')).toBeNull();
    expect(readReport('?provider=slack')).toBeNull();
    expect(readReport('?provider=slack&status=maybe')).toBeNull();
  });
});

describe('reportToOpener', () => {
  const original = { window: globalThis.window, BroadcastChannel: globalThis.BroadcastChannel };
  afterEach(() => {
    Object.assign(globalThis, original);
  });

  test('tells the opener three ways: a broadcast, a postMessage to its own origin only, a storage write', () => {
    const broadcast: unknown[] = [];
    const posted: Array<[unknown, string]> = [];
    const stored = new Map<string, string>();
    class FakeChannel {
      constructor(readonly name: string) {
        expect(name).toBe(OAUTH_POPUP_CHANNEL);
      }
      postMessage(message: unknown) {
        broadcast.push(message);
      }
      close() {}
    }
    Object.assign(globalThis, {
      BroadcastChannel: FakeChannel,
      window: {
        location: { origin: 'http://localhost:8080' },
        opener: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) },
        localStorage: { setItem: (key: string, value: string) => stored.set(key, value) },
      },
    });
    const report = { provider: 'slack', status: 'error' as const, code: 'access_denied' };
    reportToOpener(report);
    expect(broadcast).toEqual([report]);
    expect(posted).toEqual([[report, 'http://localhost:8080']]);
    expect(JSON.parse(stored.get(OAUTH_POPUP_CHANNEL)!)).toMatchObject(report);
  });

  test('one way failing does not stop the others', () => {
    const stored = new Map<string, string>();
    Object.assign(globalThis, {
      BroadcastChannel: undefined,
      window: {
        location: { origin: 'http://localhost:8080' },
        opener: null,
        localStorage: { setItem: (key: string, value: string) => stored.set(key, value) },
      },
    });
    reportToOpener({ provider: 'slack', status: 'success' });
    expect(stored.has(OAUTH_POPUP_CHANNEL)).toBe(true);
  });
});
