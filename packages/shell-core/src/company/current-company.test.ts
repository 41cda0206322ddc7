import { useBannerStore } from '../stores/banner-state';
import { useCompanyStore } from '../stores/company-state';
import { resetStores } from '../stores/reset-stores';
import { useUserStore, type CurrentUser } from '../stores/user-store';
import {
  NO_COMPANY_BANNER_ID,
  applyCompanyPermissions,
  forgetCompanyAccess,
  getCompanyPermissions,
  rememberCompanyAccess,
  setCurrentCompany,
  watchCompanyAccess,
} from './current-company';
import type { CompanyPermission } from './types';

const acme: CompanyPermission = { id: 'c-acme', name: 'Acme', role: 'owner' };
const beta: CompanyPermission = { id: 'c-beta', name: 'Beta', role: 'viewer' };

function signIn(companyPermissions?: CompanyPermission[]) {
  useUserStore.getState().setUser({ id: 'u1', email: 'a@example.com', companyPermissions } as CurrentUser);
}

const bannerIds = () => useBannerStore.getState().banners.map((b) => b.id);

beforeEach(() => resetStores());

describe('current company', () => {
  test('is set when the user has a permission for it', () => {
    signIn([acme, beta]);
    expect(setCurrentCompany('c-beta')).toBe(true);
    expect(useCompanyStore.getState().currentCompanyId).toBe('c-beta');
  });

  test('is refused and cleared when the user has no permission for it', () => {
    signIn([acme]);
    setCurrentCompany('c-acme');
    expect(setCurrentCompany('c-other')).toBe(false);
    expect(useCompanyStore.getState().currentCompanyId).toBeNull();
  });

  test('is refused when nothing is known about the user', () => {
    expect(setCurrentCompany('c-acme')).toBe(false);
    expect(useCompanyStore.getState().currentCompanyId).toBeNull();
  });

  test('losing access to the current company clears it and updates the user store', () => {
    signIn([acme, beta]);
    setCurrentCompany('c-beta');
    forgetCompanyAccess('c-beta');
    expect(useCompanyStore.getState().currentCompanyId).toBeNull();
    expect(getCompanyPermissions()).toEqual([acme]);
  });

  test('a role change seen in company info is remembered', () => {
    signIn([acme, beta]);
    rememberCompanyAccess({ id: 'c-beta', name: 'Beta' }, 'creator');
    expect(getCompanyPermissions()).toEqual([acme, { ...beta, role: 'creator' }]);
  });
});

describe("'No company access' banner", () => {
  test('shows for a signed-in user with no companies, with the Create Company action', () => {
    signIn([acme]);
    applyCompanyPermissions([]);
    const banner = useBannerStore.getState().banners.find((b) => b.id === NO_COMPANY_BANNER_ID);
    expect(banner?.action).toEqual({ label: 'Create Company', href: '/company/create' });
  });

  test('goes away once the user has a company, and is never shown logged out', () => {
    signIn([]);
    applyCompanyPermissions([]);
    expect(bannerIds()).toContain(NO_COMPANY_BANNER_ID);
    rememberCompanyAccess({ id: 'c-acme', name: 'Acme' }, 'owner');
    expect(bannerIds()).not.toContain(NO_COMPANY_BANNER_ID);
    resetStores();
    applyCompanyPermissions([]);
    expect(bannerIds()).not.toContain(NO_COMPANY_BANNER_ID);
  });

  test('follows the user store once watched', () => {
    const stop = watchCompanyAccess();
    signIn([]);
    expect(bannerIds()).toContain(NO_COMPANY_BANNER_ID);
    signIn([beta]);
    expect(bannerIds()).not.toContain(NO_COMPANY_BANNER_ID);
    stop();
  });
});
