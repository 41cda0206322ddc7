import { useSessionStore } from '../stores/session-store';
import { ApiError } from '../api/api-error';
import { setCurrentProposal } from './current-proposal';
import { getMap } from './maps-api';
import { getProposalDiff, mergeConflictsOf, resolveProposal } from './proposals-api';
import { lintTrackingPlan, updatePlanEntity } from './tracking-plan-api';

const realFetch = global.fetch;
let urls: string[] = [];

beforeEach(() => {
  urls = [];
  global.fetch = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify({ conflicts: [] }), { status: 200 });
  }) as typeof fetch;
  useSessionStore.getState().setSession({ accessToken: 'tok', expiresAt: Date.now() / 1000 + 3600 });
  setCurrentProposal('c1', null);
});
afterAll(() => {
  global.fetch = realFetch;
});

test('plan and map calls go to the open proposal of their company, and to the live plan otherwise', async () => {
  await lintTrackingPlan('c1');
  setCurrentProposal('c1', 'p1');
  await lintTrackingPlan('c1');
  await updatePlanEntity('event', 'c1', 'e1', 3, { description: 'x' });
  await getMap('c1', 'm1');
  // Another company's calls never carry this company's proposal.
  await lintTrackingPlan('c2');
  expect(urls).toEqual([
    '/api/company/c1/tracking-plan/lint',
    '/api/company/c1/tracking-plan/lint?proposal=p1',
    '/api/company/c1/events/e1?proposal=p1',
    '/api/company/c1/maps/m1?proposal=p1',
    '/api/company/c2/tracking-plan/lint',
  ]);
});

test('proposal calls name the proposal in their path, never as the open one', async () => {
  setCurrentProposal('c1', 'p1');
  await getProposalDiff('c1', 'p2');
  await resolveProposal('c1', 'p2', [{ kind: 'event', id: 'e1', field: 'description', take: 'live' }]);
  expect(urls).toEqual(['/api/company/c1/proposals/p2/diff', '/api/company/c1/proposals/p2/resolve']);
});

test('a refused merge hands back its conflicts; other errors are not conflicts', () => {
  const conflict = { kind: 'event', id: 'e1', name: 'x', field: 'description', base: 'a', proposal: 'b', live: 'c' };
  expect(mergeConflictsOf(new ApiError(409, 'merge_conflict', 'm', { conflicts: [conflict] }))).toEqual([conflict]);
  expect(mergeConflictsOf(new ApiError(409, 'approvals_required', 'm'))).toBeNull();
  expect(mergeConflictsOf(new Error('x'))).toBeNull();
});
