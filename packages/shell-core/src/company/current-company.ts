// Its state lives in the shared stores, reached through the package entry: every app that bundles
// this entry point (the shell once its first page is shown, mfe-company) acts on the same stores.
import { useBannerStore, useCompanyStore, useUserStore } from '@tracemap/shell-core';
import type { CompanyPermission } from './types';

export const NO_COMPANY_BANNER_ID = 'no-company-access';
export const NO_COMPANY_MESSAGE = 'You do not have access to any company yet.';
export const COMPANY_OUTAGE_BANNER_ID = 'company-data-unavailable';
export const COMPANY_OUTAGE_MESSAGE = 'Company data is temporarily unavailable — retrying.';

/** The last sync could not reach the company service: its permission list is a fallback. */
export function companyDataDegraded(): boolean {
  return useUserStore.getState().user?.degraded?.includes('companyPermissions') === true;
}

/** The signed-in user's company permissions from the shared user store (undefined when not known yet). */
export function getCompanyPermissions(): CompanyPermission[] | undefined {
  return useUserStore.getState().user?.companyPermissions;
}

/**
 * Setting the current company is refused, and the current company cleared, when the
 * user has no permission for it. Returns whether it was set.
 */
export function setCurrentCompany(
  companyId: string | null,
  permissions: CompanyPermission[] | undefined = getCompanyPermissions(),
): boolean {
  const store = useCompanyStore.getState();
  if (companyId === null) {
    store.setCurrentCompanyId(null);
    return true;
  }
  if (!permissions?.some((p) => p.id === companyId)) {
    store.setCurrentCompanyId(null);
    return false;
  }
  store.setCurrentCompanyId(companyId);
  return true;
}

/**
 * Shows the 'No company access' banner (action: Create Company) when the signed-in user is
 * known to have no company, else removes it. While company data is unavailable (the sync says
 * so) an outage notice shows instead: an empty list then proves nothing. A saved copy of the
 * account from an earlier visit never shows the banner either; this visit's sync decides.
 */
export function updateCompanyAccessBanner(
  permissions: CompanyPermission[] | undefined = getCompanyPermissions(),
): void {
  const banners = useBannerStore.getState();
  const { user, savedCopy } = useUserStore.getState();
  const outage = user !== null && companyDataDegraded();
  if (outage) {
    banners.show({ id: COMPANY_OUTAGE_BANNER_ID, message: COMPANY_OUTAGE_MESSAGE, tone: 'warning' });
  } else if (banners.banners.some((b) => b.id === COMPANY_OUTAGE_BANNER_ID)) {
    banners.dismiss(COMPANY_OUTAGE_BANNER_ID);
  }
  if (user !== null && !outage && !savedCopy && permissions !== undefined && permissions.length === 0) {
    banners.show({
      id: NO_COMPANY_BANNER_ID,
      message: NO_COMPANY_MESSAGE,
      tone: 'warning',
      action: { label: 'Create Company', href: '/company/create' },
    });
  } else if (banners.banners.some((b) => b.id === NO_COMPANY_BANNER_ID)) {
    banners.dismiss(NO_COMPANY_BANNER_ID);
  }
}

/**
 * Stores a fresh permission list (from `GET /api/company/mine`, or after joining, leaving or a
 * role change) in the shared user store, re-checks the current company and the banner.
 */
export function applyCompanyPermissions(permissions: CompanyPermission[]): void {
  const users = useUserStore.getState();
  if (users.user) {
    // The list came from the company service itself, so it is a fact again.
    const degraded = users.user.degraded?.filter((part) => part !== 'companyPermissions');
    users.patchUser({ companyPermissions: permissions, degraded: degraded?.length ? degraded : undefined });
  }
  const current = useCompanyStore.getState().currentCompanyId;
  if (current && !permissions.some((p) => p.id === current)) setCurrentCompany(null);
  updateCompanyAccessBanner(permissions);
}

/** Records what `POST /api/company/info` answered: the caller is a member with this role. */
export function rememberCompanyAccess(
  company: { id: string; name: string },
  role: CompanyPermission['role'],
): CompanyPermission[] {
  const before = getCompanyPermissions() ?? [];
  const entry: CompanyPermission = { id: company.id, name: company.name, role };
  const exists = before.some((p) => p.id === company.id);
  const next = exists ? before.map((p) => (p.id === company.id ? entry : p)) : [...before, entry];
  const changed = !exists || before.some((p) => p.id === company.id && (p.role !== role || p.name !== company.name));
  if (changed) applyCompanyPermissions(next);
  else updateCompanyAccessBanner(next);
  return next;
}

/** The company refused the caller (removed, or never a member): forget it and clear it as current. */
export function forgetCompanyAccess(companyId: string): CompanyPermission[] {
  const next = (getCompanyPermissions() ?? []).filter((p) => p.id !== companyId);
  applyCompanyPermissions(next);
  if (useCompanyStore.getState().currentCompanyId === companyId) setCurrentCompany(null);
  return next;
}

let unwatch: (() => void) | null = null;

/**
 * Keeps the 'No company access' banner in step with the user store (sync, login, logout).
 * Idempotent; the shell may call it at boot so the banner shows on every page.
 */
export function watchCompanyAccess(): () => void {
  if (!unwatch) {
    updateCompanyAccessBanner();
    const unsubscribe = useUserStore.subscribe((state, previous) => {
      if (state.user !== previous.user || state.savedCopy !== previous.savedCopy) updateCompanyAccessBanner();
    });
    unwatch = () => {
      unsubscribe();
      unwatch = null;
    };
  }
  return unwatch;
}
