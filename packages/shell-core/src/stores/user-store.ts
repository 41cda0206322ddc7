import { create } from 'zustand';
import type { AccountDegradedPart } from '@tracemap/contracts';
import type { CompanyPermission } from '../company/types';

/** The signed-in user as `GET /api/account/sync` answers it. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  emailConfirmed?: boolean;
  trialUsed?: boolean;
  /** Product admin (`anamap_admin`). */
  isAdmin?: boolean;
  passwordResetRequired?: boolean;
  companyPermissions?: CompanyPermission[];
  /** Parts the last sync could not vouch for (a peer was down); see AccountUser.degraded. */
  degraded?: AccountDegradedPart[];
}

interface UserState {
  user: CurrentUser | null;
  /** Why the signed-in user could not be loaded (sync failed), for a Retry. */
  loadError: string | null;
  /**
   * True while `user` is the copy saved by an earlier visit, shown until this visit's sync
   * answers; a confirmed fact (e.g. "no company") is never read from it.
   */
  savedCopy: boolean;
  setLoadError: (message: string | null) => void;
  setUser: (user: CurrentUser | null) => void;
  /** Shows the saved copy of the account while the sync runs. */
  restoreUser: (user: CurrentUser) => void;
  /** Merges a partial change (e.g. a new name) into the current user. */
  patchUser: (patch: Partial<CurrentUser>) => void;
  reset: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  loadError: null,
  savedCopy: false,
  setLoadError: (loadError) => set({ loadError }),
  setUser: (user) => set({ user, loadError: null, savedCopy: false }),
  restoreUser: (user) => set({ user, loadError: null, savedCopy: true }),
  patchUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : s)),
  reset: () => set({ user: null, loadError: null, savedCopy: false }),
}));
