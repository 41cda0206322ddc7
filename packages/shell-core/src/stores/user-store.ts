import { create } from 'zustand';
import type { CompanyPermission } from '../company/types';

/** The signed-in user as `GET /api/account/sync` answers it (spec §3 "User"). */
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
}

interface UserState {
  user: CurrentUser | null;
  /** Why the signed-in user could not be loaded (sync failed), for a Retry. */
  loadError: string | null;
  setLoadError: (message: string | null) => void;
  setUser: (user: CurrentUser | null) => void;
  /** Merges a partial change (e.g. a new name) into the current user. */
  patchUser: (patch: Partial<CurrentUser>) => void;
  reset: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  loadError: null,
  setLoadError: (loadError) => set({ loadError }),
  setUser: (user) => set({ user, loadError: null }),
  patchUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : s)),
  reset: () => set({ user: null, loadError: null }),
}));
