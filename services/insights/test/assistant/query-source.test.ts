import { randomUUID } from 'node:crypto';
import { createSandboxServiceAccount, startAnalyticsSandbox, type AnalyticsSandbox } from '@tracemap/analytics-sandbox';
import type { ChatAnswer, PlanSnapshot, QuerySourceOutput } from '@tracemap/contracts';
import { examplePlanSnapshot } from '@tracemap/discovery';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { askJson, startThread } from './support/chat-calls';
import { addPullSource } from './support/sources';
import { promptText, scriptedModel, textReply, toolOutputs, toolReply } from './support/scripted-model';

let sandbox: AnalyticsSandbox;
let h: Harness;
let companyId: string;
let owner: TestUser;
let creator: TestUser;
let viewer: TestUser;
let ga4SourceId: string;
let amplitudeSourceId: string;

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  sandbox = await startAnalyticsSandbox();
  h = await startHarness({
    // No scheduled pulls: the sandbox's requests are then the queries' alone.
    env: {
      GA4_DATA_API_URL: sandbox.url,
      GA4_TOKEN_URL: sandbox.tokenUrl,
      AMPLITUDE_API_URL: sandbox.url,
      PULL_INTERVAL_MS: '0',
    },
  });
  companyId = randomUUID();
  const plan: PlanSnapshot = { ...examplePlanSnapshot(), companyId };
  h.peer.snapshots.set(companyId, plan);
  owner = await h.user(companyId, 'owner');
  creator = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');

  const { keyFile, account } = createSandboxServiceAccount({ properties: ['7001'], tokenUri: sandbox.tokenUrl });
  sandbox.data.ga4.serviceAccounts.push(account);
  sandbox.data.ga4.properties['7001'] = {
    customParameters: [{ name: 'payment_method' }],
    events: [
      { name: 'purchase', date: day(2), count: 40, params: { payment_method: 'card' } },
      { name: 'purchase', date: day(1), count: 25, params: { payment_method: 'paypal' } },
      { name: 'page_view', date: day(1), count: 900 },
    ],
  };
  ga4SourceId = await addSource('ga4', { serviceAccountKey: keyFile }, '7001');
  const event = (type: string, daysAgo: number, user: string, properties: Record<string, unknown>) => ({
    event_type: type,
    event_time: `${day(daysAgo)} 10:00:00.000000`,
    user_id: user,
    event_properties: properties,
    user_properties: {},
  });
  sandbox.data.amplitude.projects.push({
    projectId: 9,
    apiKey: 'amp-key',
    secretKey: 'amp-secret',
    events: [
      event('Song Played', 1, 'u1', { genre: 'jazz', email: 'a@example.com' }),
      event('Song Played', 1, 'u2', { genre: 'jazz', email: 'b@example.com' }),
      event('Song Played', 2, 'u1', { genre: 'rock', email: 'a@example.com' }),
      event('Sign Up', 1, 'u3', {}),
    ],
  });
  amplitudeSourceId = await addSource('amplitude', { apiKey: 'amp-key', secretKey: 'amp-secret' }, null);
  // Starting the service (a fresh database, its migrations) is slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
afterEach(() => {
  h.deps.assistantModel.model = null;
});

const addSource = (kind: 'ga4' | 'amplitude', credentials: object, propertyId: string | null) =>
  addPullSource(h, companyId, kind, credentials, propertyId);

const chat = (path = '') => `/api/insights/${companyId}/chat${path}`;

async function ask(user: TestUser, content: string): Promise<ChatAnswer> {
  return askJson(h, companyId, user, await startThread(h, companyId, user), content);
}

/** The model runs the query, then answers with the total it got and cites the stored result. */
function queryingModel(input: object, metric = 'event_count') {
  return scriptedModel(toolReply('query_source', input), (options) => {
    const output = toolOutputs(options)[0] as QuerySourceOutput | { error: string };
    if ('error' in output) return textReply(`I cannot run that query: ${output.error}`);
    return textReply(`There were ${output.totals[metric]} in all [[query:${output.queryId}]].`);
  });
}

const storedQueries = async (userId: string) =>
  (
    await h.admin.query<{ id: string }>(`SELECT id FROM insights.assistant_queries WHERE user_id = $1`, [userId])
  ).rows.map((r) => r.id);

describe('query_source', () => {
  it('runs a GA4 report, stores the result under an id the answer cites, and serves its table to the asker only', async () => {
    const seen = sandbox.requests.length;
    const model = queryingModel({
      sourceId: ga4SourceId,
      kind: 'ga4_run_report',
      events: ['purchase'],
      metric: 'event_count',
      groupBy: 'date',
      start: day(7),
      end: day(0),
    });
    h.deps.assistantModel.model = model;
    const answer = await ask(creator, 'How many purchases last week, per day?');
    expect(promptText(model.doStreamCalls[0])).toContain(ga4SourceId);
    expect(answer.mode).toBe('model');
    expect(answer.grounding.verified).toBe(true);
    expect(answer.content).toContain('There were 65 in all');
    const [queryId] = await storedQueries(creator.id);
    expect(answer.references).toEqual([{ kind: 'query', id: queryId }]);
    const report = sandbox.requests.slice(seen).find((r) => r.url.endsWith(':runReport'));
    expect(report?.body).toMatchObject({
      dimensions: [{ name: 'eventName' }, { name: 'date' }],
      metrics: [{ name: 'eventCount' }],
      dateRanges: [{ startDate: day(7), endDate: day(0) }],
    });

    const table = await h.call(creator, { method: 'GET', url: chat(`/queries/${queryId}`) });
    expect(table.statusCode).toBe(200);
    expect(table.json()).toMatchObject({
      queryId,
      sourceId: ga4SourceId,
      kind: 'ga4_run_report',
      columns: ['event', 'date', 'event_count'],
      rows: [
        ['purchase', day(2), 40],
        ['purchase', day(1), 25],
      ],
    });
    // Threads are their owner's alone, and so are the results they ran.
    expect((await h.call(owner, { method: 'GET', url: chat(`/queries/${queryId}`) })).statusCode).toBe(404);
    const stranger = await h.user(randomUUID(), 'owner');
    expect((await h.call(stranger, { method: 'GET', url: chat(`/queries/${queryId}`) })).statusCode).toBe(404);
  });

  it('runs an Amplitude segmentation split by an event property', async () => {
    h.deps.assistantModel.model = queryingModel({
      sourceId: amplitudeSourceId,
      kind: 'amplitude_segmentation',
      events: ['Song Played'],
      metric: 'event_count',
      groupBy: 'genre',
      start: day(7),
      end: day(0),
    });
    const answer = await ask(creator, 'Song plays by genre this week?');
    expect(answer.content).toContain('There were 3 in all');
    const queryId = answer.references[0].id;
    const table = (await h.call(creator, { method: 'GET', url: chat(`/queries/${queryId}`) })).json();
    expect(table).toMatchObject({
      kind: 'amplitude_segmentation',
      columns: ['event', 'genre', 'event_count'],
      rows: [
        ['Song Played', 'jazz', 2],
        ['Song Played', 'rock', 1],
      ],
    });
    const segmentation = sandbox.requests.filter((r) => r.url.startsWith('/api/2/events/segmentation')).at(-1);
    expect(new URL(segmentation!.url, sandbox.url).searchParams.get('m')).toBe('totals');
  });

  it('counts unique users with Amplitude', async () => {
    h.deps.assistantModel.model = queryingModel(
      {
        sourceId: amplitudeSourceId,
        kind: 'amplitude_segmentation',
        events: ['Song Played'],
        metric: 'total_users',
        start: day(7),
        end: day(0),
      },
      'total_users',
    );
    expect((await ask(creator, 'How many users played a song?')).content).toContain('There were 2 in all');
  });

  it("keeps the roles' rules: a viewer cannot split by a personal attribute; a creator can", async () => {
    const input = {
      sourceId: amplitudeSourceId,
      kind: 'amplitude_segmentation',
      events: ['Song Played'],
      metric: 'event_count',
      groupBy: 'email',
      start: day(7),
      end: day(0),
    };
    h.deps.assistantModel.model = queryingModel(input);
    const refused = await ask(viewer, 'Song plays per email?');
    expect(refused.content).toContain('not available to your role');
    expect(refused.references).toEqual([]);
    expect(await storedQueries(viewer.id)).toEqual([]);

    h.deps.assistantModel.model = queryingModel(input);
    const before = (await storedQueries(creator.id)).length;
    expect((await ask(creator, 'Song plays per email?')).references).toHaveLength(1);
    expect(await storedQueries(creator.id)).toHaveLength(before + 1);
  });

  it('answers a wrong source or a vendor refusal as a tool error the model reads', async () => {
    h.deps.assistantModel.model = queryingModel({
      sourceId: ga4SourceId,
      kind: 'amplitude_segmentation',
      events: ['purchase'],
      metric: 'event_count',
      start: day(7),
      end: day(0),
    });
    expect((await ask(creator, 'Purchases?')).content).toContain('needs an Amplitude source');
    sandbox.failNext('ga4', { status: 403 });
    h.deps.assistantModel.model = queryingModel({
      sourceId: ga4SourceId,
      kind: 'ga4_run_report',
      events: [],
      metric: 'event_count',
      start: day(7),
      end: day(0),
    });
    const answer = await ask(creator, 'All events?');
    expect(answer.mode).toBe('model');
    expect(answer.content).toContain('GA4 denied the service account access');
  });
});
