import {
  cardExpiring,
  hasActiveSubscription,
  hasEnded,
  isNonTrial,
  needsSubscription,
  type MaybeStatus,
} from '@tracemap/contracts';
import { mapProviderStatus, PROVIDER_STATUSES } from '../src/domain/map-status';
import { pickCurrent } from '../src/use-cases/sync-company-subscription';
import type { ProviderSubscription } from '../src/providers/billing-provider';

describe('provider status → product status', () => {
  const table: Array<[string, boolean, string]> = [
    ['trialing', false, 'trialing'],
    ['trialing', true, 'trialing'],
    ['active', false, 'active'],
    ['active', true, 'canceled'],
    ['past_due', false, 'past_due'],
    ['past_due', true, 'past_due'],
    ['incomplete', false, 'none'],
    ['incomplete_expired', false, 'terminated'],
    ['unpaid', false, 'terminated'],
    ['canceled', false, 'terminated'],
    ['canceled', true, 'terminated'],
    ['paused', false, 'terminated'],
    ['some_future_status', false, 'terminated'],
  ];
  test.each(table)('%s (cancel at period end: %s) → %s', (provider, cancel, product) => {
    expect(mapProviderStatus(provider, cancel)).toBe(product);
  });
  test('every provider status has a row', () => {
    expect(new Set(table.map(([p]) => p))).toEqual(new Set([...PROVIDER_STATUSES, 'some_future_status']));
  });
});

describe('what each product status means', () => {
  const table: Array<[MaybeStatus, boolean, boolean, boolean, boolean]> = [
    // status, active, non-trial, ended, needs the banner
    ['active', true, true, false, false],
    ['trialing', true, false, false, false],
    ['canceled', true, true, true, false],
    ['past_due', true, true, false, false],
    ['terminated', false, false, true, true],
    [null, false, false, true, true],
  ];
  test.each(table)('%s', (status, active, nonTrial, ended, banner) => {
    expect([hasActiveSubscription(status), isNonTrial(status), hasEnded(status), needsSubscription(status)]).toEqual([
      active,
      nonTrial,
      ended,
      banner,
    ]);
  });

  test('a card expiring this month or earlier counts as expiring', () => {
    const now = new Date(Date.UTC(2026, 10, 23));
    expect(cardExpiring(11, 2026, now)).toBe(true);
    expect(cardExpiring(3, 2025, now)).toBe(true);
    expect(cardExpiring(12, 2026, now)).toBe(false);
    expect(cardExpiring(null, 2026, now)).toBe(false);
  });
});

describe("which of a customer's subscriptions decides", () => {
  const sub = (id: string, status: string, created: number): ProviderSubscription => ({
    id,
    status,
    created,
    customerId: 'cus_1',
    priceId: 'price_team',
    itemId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    trialEnd: null,
    companyId: null,
    card: null,
  });
  test('a paid one beats a newer trial, a trial beats an ended one, the newest of equals wins', () => {
    expect(pickCurrent([sub('a', 'trialing', 2), sub('b', 'active', 1)])?.id).toBe('b');
    expect(pickCurrent([sub('a', 'canceled', 3), sub('b', 'trialing', 1)])?.id).toBe('b');
    expect(pickCurrent([sub('a', 'canceled', 1), sub('b', 'canceled', 2)])?.id).toBe('b');
    expect(pickCurrent([sub('a', 'past_due', 1), sub('b', 'incomplete', 2)])?.id).toBe('a');
    expect(pickCurrent([])).toBeNull();
  });
});
