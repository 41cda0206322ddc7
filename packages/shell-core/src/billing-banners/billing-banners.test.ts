import type { CompanySubscription } from '@tracemap/contracts';
import type { CompanyInfo, CompanyRole } from '../company/types';
import { useBannerStore } from '../stores/banner-store';
import { useCompanyStore } from '../stores/company-store';
import { resetStores } from '../stores/reset-stores';
import {
  applyBillingBanners,
  applyCompanyInfoBanners,
  billingBanners,
  CARD_EXPIRING_BANNER_ID,
  clearBillingBanners,
  PAYMENT_FAILED_BANNER_ID,
  SUBSCRIPTION_REQUIRED_BANNER_ID,
  type BannerSubscription,
} from './billing-banners';

// A fixed day: 15 June 2026 (months in expiry dates are 1-based, so June is 6).
const NOW = new Date('2026-06-15T12:00:00Z');

const sub = (
  status: BannerSubscription['status'],
  month: number | null = 12,
  year: number | null = 2030,
): BannerSubscription => ({
  status,
  cardExpirationMonth: month,
  cardExpirationYear: year,
});

const ids = (role: CompanyRole, subscription: BannerSubscription | null) =>
  billingBanners({ companyId: 'c1', companyName: 'Acme', role, subscription }, NOW).map((b) => b.id);

const shownIds = () => useBannerStore.getState().banners.map((b) => b.id);

beforeEach(() => {
  clearBillingBanners();
  resetStores();
});

describe('the no-subscription banner', () => {
  test('shows without a subscription and once it is terminated, for every role, with Manage Subscription', () => {
    for (const role of ['owner', 'admin', 'creator', 'viewer'] as CompanyRole[]) {
      expect(ids(role, null)).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
      expect(ids(role, sub('terminated'))).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
    }
    const [banner] = billingBanners({ companyId: 'c 1', companyName: 'Acme', role: 'viewer', subscription: null }, NOW);
    expect(banner.action).toEqual({ label: 'Manage Subscription', href: '/company/c%201/subscription' });
    expect(banner.message).toContain('Acme');
  });

  test('does not show while the subscription counts as active (trial, active, canceled until period end, past due)', () => {
    for (const status of ['trialing', 'active', 'canceled', 'past_due'] as const) {
      expect(ids('owner', sub(status))).not.toContain(SUBSCRIPTION_REQUIRED_BANNER_ID);
    }
  });

  test('a terminated subscription with an old card shows only the no-subscription banner', () => {
    expect(ids('owner', sub('terminated', 1, 2020))).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
  });
});

describe('the expiring-card banner (owners and admins only)', () => {
  test('shows when the expiry month and year are this month', () => {
    expect(ids('owner', sub('active', 6, 2026))).toEqual([CARD_EXPIRING_BANNER_ID]);
    expect(ids('admin', sub('trialing', 6, 2026))).toEqual([CARD_EXPIRING_BANNER_ID]);
  });

  test('shows when the card expired in an earlier month or year', () => {
    expect(ids('owner', sub('active', 5, 2026))).toEqual([CARD_EXPIRING_BANNER_ID]);
    expect(ids('owner', sub('active', 12, 2025))).toEqual([CARD_EXPIRING_BANNER_ID]);
  });

  test('does not show for a card that expires next month or later', () => {
    expect(ids('owner', sub('active', 7, 2026))).toEqual([]);
    expect(ids('owner', sub('active', 1, 2027))).toEqual([]);
  });

  test('does not show without a known expiry', () => {
    expect(ids('owner', sub('active', null, null))).toEqual([]);
  });

  test('is never shown to creators and viewers', () => {
    expect(ids('creator', sub('active', 6, 2026))).toEqual([]);
    expect(ids('viewer', sub('active', 1, 2020))).toEqual([]);
  });

  test('says expired or expiring, and points at the subscription page', () => {
    const [thisMonth] = billingBanners(
      { companyId: 'c1', companyName: 'Acme', role: 'owner', subscription: sub('active', 6, 2026) },
      NOW,
    );
    expect(thisMonth.message).toContain('expires this month (06/2026)');
    expect(thisMonth.action).toEqual({ label: 'Update card', href: '/company/c1/subscription' });
    const [earlier] = billingBanners(
      { companyId: 'c1', companyName: 'Acme', role: 'owner', subscription: sub('active', 3, 2026) },
      NOW,
    );
    expect(earlier.message).toContain('expired in 03/2026');
  });

  test('uses the UTC month: the last evening of May in UTC-5 is already June in UTC', () => {
    const juneFirstUtc = new Date('2026-06-01T02:00:00Z');
    expect(
      billingBanners(
        { companyId: 'c1', companyName: 'Acme', role: 'owner', subscription: sub('active', 5, 2026) },
        juneFirstUtc,
      )[0].message,
    ).toContain('expired');
  });
});

describe('the past-due banner', () => {
  test('shows for every member; admins get the Update card action, others are told whom to ask', () => {
    const owner = billingBanners(
      { companyId: 'c1', companyName: 'Acme', role: 'owner', subscription: sub('past_due') },
      NOW,
    );
    expect(owner.map((b) => b.id)).toEqual([PAYMENT_FAILED_BANNER_ID]);
    expect(owner[0].message).toMatch(/^Your last payment for Acme failed/);
    expect(owner[0].action).toEqual({ label: 'Update card', href: '/company/c1/subscription' });
    const viewer = billingBanners(
      { companyId: 'c1', companyName: 'Acme', role: 'viewer', subscription: sub('past_due') },
      NOW,
    );
    expect(viewer[0].action).toBeUndefined();
    expect(viewer[0].message).toContain('Ask an owner or admin');
  });

  test('comes with the card banner when the card has run out too', () => {
    expect(ids('admin', sub('past_due', 6, 2026))).toEqual([PAYMENT_FAILED_BANNER_ID, CARD_EXPIRING_BANNER_ID]);
  });
});

describe('applying banners to the shared store', () => {
  const info = (
    companyId: string,
    subscription: CompanySubscription | null,
    role: CompanyRole = 'owner',
  ): CompanyInfo => ({
    role,
    users: [],
    subscription,
    objectCounts: { attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 },
    attributeInheritance: false,
    lastSync: null,
    company: {
      id: companyId,
      name: companyId.toUpperCase(),
      settings: { attributeInheritance: false, eventNameCase: 'any', attributeNameCase: 'any' },
    },
  });
  const full = (status: CompanySubscription['status'], month = 12, year = 2030): CompanySubscription => ({
    status,
    priceId: 'price_team',
    planName: 'Team',
    currentPeriodEnd: '2026-07-01T00:00:00Z',
    cancelAtPeriodEnd: false,
    trialEnd: null,
    cardExpirationMonth: month,
    cardExpirationYear: year,
  });

  test('only the current company gets banners', async () => {
    useCompanyStore.getState().setCurrentCompanyId('other');
    await applyCompanyInfoBanners(info('c1', null), NOW);
    expect(shownIds()).toEqual([]);
    useCompanyStore.getState().setCurrentCompanyId('c1');
    await applyCompanyInfoBanners(info('c1', null), NOW);
    expect(shownIds()).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
  });

  test('while billing cannot answer, nobody is told to choose a plan and earlier billing banners go', async () => {
    useCompanyStore.getState().setCurrentCompanyId('c1');
    await applyCompanyInfoBanners(info('c1', full('past_due')), NOW);
    expect(shownIds()).toEqual([PAYMENT_FAILED_BANNER_ID]);
    await applyCompanyInfoBanners({ ...info('c1', null), degraded: ['subscription'] }, NOW);
    expect(shownIds()).toEqual([]);
    await applyCompanyInfoBanners(info('c1', null), NOW);
    expect(shownIds()).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
  });

  test('a terminated subscription calls for a plan like none at all', async () => {
    useCompanyStore.getState().setCurrentCompanyId('c1');
    await applyCompanyInfoBanners(info('c1', full('terminated')), NOW);
    expect(shownIds()).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
  });

  test('a new state replaces the banners the old one called for, and leaves other banners alone', async () => {
    useBannerStore.getState().show({ id: 'email-not-confirmed', message: 'x' });
    useCompanyStore.getState().setCurrentCompanyId('c1');
    await applyCompanyInfoBanners(info('c1', full('past_due', 6, 2026)), NOW);
    expect(shownIds()).toEqual(['email-not-confirmed', PAYMENT_FAILED_BANNER_ID, CARD_EXPIRING_BANNER_ID]);
    await applyCompanyInfoBanners(info('c1', full('active')), NOW);
    expect(shownIds()).toEqual(['email-not-confirmed']);
  });

  test('switching the current company removes the previous company’s billing banners', async () => {
    useCompanyStore.getState().setCurrentCompanyId('c1');
    applyBillingBanners({ companyId: 'c1', companyName: 'C1', role: 'owner', subscription: null }, NOW);
    expect(shownIds()).toEqual([SUBSCRIPTION_REQUIRED_BANNER_ID]);
    useCompanyStore.getState().setCurrentCompanyId('c2');
    expect(shownIds()).toEqual([]);
    await applyCompanyInfoBanners(info('c2', full('active')), NOW);
    expect(shownIds()).toEqual([]);
  });

  test('a viewer of a company whose card expired sees nothing', async () => {
    useCompanyStore.getState().setCurrentCompanyId('c1');
    await applyCompanyInfoBanners(info('c1', full('active', 1, 2026), 'viewer'), NOW);
    expect(shownIds()).toEqual([]);
  });
});
