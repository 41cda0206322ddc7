import { useSessionStore } from '../stores/session-store';
import { importTrackingPlan, listPlanEntities, updatePlanEntity, exportTrackingPlan } from './tracking-plan-api';
import { lintFindingsOf, versionConflictOf } from './plan-errors';

const realFetch = global.fetch;
let calls: { url: string; init: RequestInit }[] = [];

function answer(status: number, body: string, contentType = 'application/json') {
  global.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': contentType } });
  }) as typeof fetch;
}
const headers = (i = 0) => calls[i].init.headers as Record<string, string>;

beforeEach(() => {
  calls = [];
  useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: Date.now() / 1000 + 3600 });
});
afterAll(() => {
  global.fetch = realFetch;
});

test('a list call puts filters, search and cursor in the query of the company path', async () => {
  answer(200, JSON.stringify({ items: [], nextCursor: null, total: 0 }));
  await listPlanEntities('attribute', 'c1', {
    search: 'order id',
    scope: 'view',
    includeArchived: true,
    cursor: 'abc',
    limit: 100,
  });
  const url = new URL(calls[0].url, 'http://x');
  expect(url.pathname).toBe('/api/company/c1/attributes');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    search: 'order id',
    scope: 'view',
    includeArchived: 'true',
    cursor: 'abc',
    limit: '100',
  });
  expect(headers().authorization).toBe('Bearer tok');
});

test('a save sends only the changes, with the version it started from as If-Match', async () => {
  answer(200, JSON.stringify({ id: 'e1', version: 4 }));
  await updatePlanEntity('event', 'c1', 'e1', 3, { description: 'New' });
  expect(calls[0].url).toBe('/api/company/c1/events/e1');
  expect(calls[0].init.method).toBe('PATCH');
  expect(headers()['if-match']).toBe('3');
  expect(JSON.parse(calls[0].init.body as string)).toEqual({ description: 'New' });
});

test('a stale save is never retried and hands back the current entity', async () => {
  answer(
    409,
    JSON.stringify({
      statusCode: 409,
      code: 'version_conflict',
      message: 'Changed by someone else',
      current: { id: 'e1', version: 5 },
    }),
  );
  const error = await updatePlanEntity('event', 'c1', 'e1', 3, { description: 'Mine' }).catch((e: unknown) => e);
  expect(calls).toHaveLength(1);
  expect(versionConflictOf<{ version: number }>(error)?.current.version).toBe(5);
  expect(lintFindingsOf(error)).toBeNull();
});

test('a save refused by lint hands back the findings', async () => {
  const finding = {
    rule: 'naming-case',
    severity: 'error',
    entityKind: 'event',
    entityName: 'Bad Name',
    field: 'name',
    message: 'Not snake_case',
  };
  answer(422, JSON.stringify({ statusCode: 422, code: 'lint_failed', message: 'Lint failed', findings: [finding] }));
  const error = await updatePlanEntity('event', 'c1', 'e1', 1, { name: 'Bad Name' }).catch((e: unknown) => e);
  expect(lintFindingsOf(error)).toEqual([finding]);
  expect(versionConflictOf(error)).toBeNull();
});

test('a CSV import goes as text/csv with the dry-run flag in the query', async () => {
  answer(
    200,
    JSON.stringify({ format: 'csv', dryRun: true, applied: false, added: [], changed: [], unchanged: 0, rejected: [] }),
  );
  await importTrackingPlan('c1', 'csv', 'event,attribute\nsignup,plan\n', true);
  expect(calls[0].url).toBe('/api/company/c1/tracking-plan/import?format=csv&dryRun=true');
  expect(headers()['content-type']).toBe('text/csv');
  expect(calls[0].init.body).toBe('event,attribute\nsignup,plan\n');
});

test('an export hands back the file text untouched', async () => {
  answer(200, 'event,kind\nsignup,track\n', 'text/csv');
  await expect(exportTrackingPlan('c1', 'csv')).resolves.toBe('event,kind\nsignup,track\n');
  expect(calls[0].url).toBe('/api/company/c1/tracking-plan/export?format=csv');
});
