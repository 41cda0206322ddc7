import { create } from 'zustand';

export interface CurrentUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  emailConfirmed?: boolean;
  isAdmin?: boolean;
}

interface UserState {
  user: CurrentUser | null;
  setUser: (user: CurrentUser | null) => void;
  reset: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  reset: () => set({ user: null }),
}));
