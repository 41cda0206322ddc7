import { create } from 'zustand';

/** The session as the shell keeps it (tokens stay in the Supabase client). */
export interface SessionInfo {
  accessToken: string;
  expiresAt?: number;
  userId?: string;
  email?: string;
  /** Authenticator assurance level from the access token (aal1 | aal2). */
  aal?: string;
}

/** Supabase auth events the shell follows. */
export type AuthEventName =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

/** unknown: not decided yet (client still loading); anonymous / authenticated once known. */
export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

interface SessionState {
  status: AuthStatus;
  session: SessionInfo | null;
  lastEvent: AuthEventName | null;
  /** True while a PASSWORD_RECOVERY session is active (set a new password, nothing else). */
  recovery: boolean;
  setSession: (session: SessionInfo | null, event?: AuthEventName) => void;
  setRecovery: (recovery: boolean) => void;
  reset: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  session: null,
  lastEvent: null,
  recovery: false,
  setSession: (session, event) =>
    set((s) => ({ session, status: session ? 'authenticated' : 'anonymous', lastEvent: event ?? s.lastEvent })),
  setRecovery: (recovery) => set({ recovery }),
  reset: () => set({ session: null, status: 'anonymous', recovery: false }),
}));
