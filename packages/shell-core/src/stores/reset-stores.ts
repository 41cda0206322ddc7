import { useBannerStore } from './banner-state';
import { useCompanyStore } from './company-state';
import { forgetSavedAccounts } from './saved-account';
import { useSessionStore } from './session-store';
import { useUserStore } from './user-store';

/** Clears every shared store (logout, unauthorised), and the saved account copies. */
export function resetStores(): void {
  useSessionStore.getState().reset();
  useUserStore.getState().reset();
  useCompanyStore.getState().reset();
  useBannerStore.getState().reset();
  forgetSavedAccounts();
}
