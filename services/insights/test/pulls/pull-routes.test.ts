import { randomUUID } from 'node:crypto';
import { startAnalyticsSandbox, type AnalyticsSandbox } from '@tracemap/analytics-sandbox';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
let sandbox: AnalyticsSandbox;
beforeAll(async () => {
  sandbox = await startAnalyticsSandbox();
  h = await startHarness({
    env: {
      BILLING_ENFORCED: 'true',
      SUBSCRIPTION_STATUS_CACHE_MS: '0',
      // The vendors' addresses are the service's configuration, here the stand-ins.
      AMPLITUDE_API_URL: sandbox.url,
      AMPLITUDE_EU_API_URL: sandbox.url,
      GA4_DATA_API_URL: sandbox.url,
      GA4_TOKEN_URL: sandbox.tokenUrl,
      PULL_INTERVAL_MS: '0',
    },
  });
});
afterAll(async () => {
  await h?.close();
  await sandbox?.close();
});

const eventTime = (time: number) => `${new Date(time).toISOString().replace('T', ' ').slice(0, 19)}.000000`;

describe('POST /api/insights/:companyId/discovery/sources/:sourceId/pull', () => {
  it('answers 202 with the run, which reads the Amplitude project through the pipeline', async () => {
    const companyId = randomUUID();
    h.peer.subscriptions.set(companyId, 'active');
    sandbox.data.amplitude.projects.push({
      projectId: 7,
      apiKey: 'route-key',
      secretKey: 'route-secret',
      events: [
        { event_type: 'Checkout Started', event_time: eventTime(Date.now() - 2 * 3_600_000), event_properties: {} },
      ],
    });
    const admin = await h.user(companyId, 'admin');
    const created = await h.call(admin, {
      method: 'POST',
      url: `/api/insights/${companyId}/discovery/sources`,
      payload: {
        kind: 'amplitude',
        name: 'Amplitude',
        credentials: { apiKey: 'route-key', secretKey: 'route-secret' },
      },
    });
    expect(created.statusCode).toBe(201);
    const sourceId = created.json().source.id as string;

    const pulled = await h.call(admin, {
      method: 'POST',
      url: `/api/insights/${companyId}/discovery/sources/${sourceId}/pull`,
    });
    expect(pulled.statusCode).toBe(202);
    const { runId } = pulled.json() as { runId: string };
    const run = await waitFor(
      async () => {
        const answer = await h.call(admin, {
          method: 'GET',
          url: `/api/insights/${companyId}/discovery/runs/${runId}`,
        });
        const body = answer.json() as { status: string; events: number };
        return body.status === 'succeeded' || body.status === 'failed' ? body : null;
      },
      { timeoutMs: 10_000 },
    );
    expect(run).toMatchObject({ status: 'succeeded', events: 1, sourceId, format: 'amplitude-export' });
  });

  it('answers 402 without a running subscription and 403 to an editor', async () => {
    const companyId = randomUUID();
    h.peer.subscriptions.set(companyId, 'active');
    const admin = await h.user(companyId, 'admin');
    const created = await h.call(admin, {
      method: 'POST',
      url: `/api/insights/${companyId}/discovery/sources`,
      payload: { kind: 'amplitude', name: 'Amplitude', credentials: { apiKey: 'k', secretKey: 's' } },
    });
    const url = `/api/insights/${companyId}/discovery/sources/${created.json().source.id}/pull`;
    const editor = await h.user(companyId, 'creator');
    expect((await h.call(editor, { method: 'POST', url })).statusCode).toBe(403);
    h.peer.subscriptions.set(companyId, 'terminated');
    const refused = await h.call(admin, { method: 'POST', url });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('subscription_required');
  });
});
