import { create } from 'zustand';

export interface SessionInfo {
  accessToken: string;
  expiresAt?: number;
}

interface SessionState {
  session: SessionInfo | null;
  setSession: (session: SessionInfo | null) => void;
  reset: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  session: null,
  setSession: (session) => set({ session }),
  reset: () => set({ session: null }),
}));
